import { Field, Int, ObjectType } from "type-graphql";
import { PropertyView } from "./properties.types.js";

/** The Relay connection of `properties(...)`. Cursors are opaque; clients pass `endCursor` as `after`. */

@ObjectType("PageInfo", { simpleResolvers: true })
export class PageInfoView {
  @Field(() => Boolean)
  hasNextPage!: boolean;

  @Field(() => Boolean)
  hasPreviousPage!: boolean;

  @Field(() => String, { nullable: true })
  startCursor!: string | null;

  @Field(() => String, { nullable: true })
  endCursor!: string | null;
}

@ObjectType("PropertyEdge", { simpleResolvers: true })
export class PropertyEdgeView {
  @Field(() => String)
  cursor!: string;

  @Field(() => PropertyView)
  node!: PropertyView;
}

@ObjectType("PropertyConnection", { simpleResolvers: true })
export class PropertyConnectionView {
  @Field(() => [PropertyEdgeView])
  edges!: PropertyEdgeView[];

  @Field(() => PageInfoView)
  pageInfo!: PageInfoView;

  @Field(() => Int, {
    description: "How many properties match in all (within the caller's contract): exact up to 10,000; beyond, 10,000 and `totalCountIsExact` is false.",
  })
  totalCount!: number;

  @Field(() => Boolean, { description: "False when more properties match than `totalCount` says (it is then a lower bound)." })
  totalCountIsExact!: boolean;
}
