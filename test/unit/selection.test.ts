import { Kind, parse, type FieldNode, type FragmentDefinitionNode, type OperationDefinitionNode } from "graphql";
import { describe, expect, it } from "vitest";
import { selectionAsksFor } from "../../src/modules/common/selection.js";

/** The resolve info of the document's first root field, as far as selections go. */
function infoOf(text: string) {
  const document = parse(text);
  const operation = document.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  const field = operation?.selectionSet.selections[0] as FieldNode; // every document below starts with a field
  const fragments = Object.fromEntries(
    document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((d) => [d.name.value, d]),
  );
  return { fieldNodes: [field], fragments };
}

describe("selectionAsksFor", () => {
  const asksForClassifieds = selectionAsksFor(["classifieds", "description"]);

  it.each([
    ["a field asked for directly", "{ property { id classifieds { id } } }", true],
    ["another wanted name", "{ property { description } }", true],
    ["none of the names", "{ property { id status { current } } }", false],
    ["a name only deeper down", "{ property { media { classifieds } } }", false],
    ["through a fragment", "{ property { ...P } } fragment P on Property { id ...Q } fragment Q on Property { classifieds { id } }", true],
    ["through an inline fragment", "{ property { ... on Property { description } } }", true],
    ["a fragment without them", "{ property { ...P } } fragment P on Property { id }", false],
    ["fragments that spread each other", "{ property { ...P } } fragment P on Property { ...Q } fragment Q on Property { ...P }", false],
  ])("%s", (_label, text, expected) => {
    expect(asksForClassifieds(infoOf(text))).toBe(expected);
  });

  const asksForImages = selectionAsksFor(["classifieds.media.images", "media.images"]);

  it.each([
    ["a path asked for directly", "{ property { classifieds { id media { images { url } } } } }", true],
    ["another wanted path", "{ property { media { images { url } } } }", true],
    ["only the start of a path", "{ property { classifieds { media { __typename } } } }", false],
    ["the last name elsewhere", "{ property { images { url } classifieds { images { url } } } }", false],
    [
      "the path through fragments at two levels",
      "{ property { ...P } } fragment P on Property { classifieds { ...C } } fragment C on Classified { media { images { id } } }",
      true,
    ],
    ["the path through inline fragments", "{ property { classifieds { ... on Classified { media { ... { images { id } } } } } } }", true],
    ["a fragment used at two levels", "{ property { ...M classifieds { ...M } } } fragment M on HasMedia { media { id } }", false],
    ["a fragment spread again deeper down", "{ property { ...P } } fragment P on Property { classifieds { property { ...P } } }", false],
  ])("paths: %s", (_label, text, expected) => {
    expect(asksForImages(infoOf(text))).toBe(expected);
  });

  it("keeps its answer per selection", () => {
    const info = infoOf("{ property { classifieds { id } } }");
    expect(asksForClassifieds(info)).toBe(true);
    // The same field nodes with other fragments: the kept answer stands (a compiled operation never does this).
    expect(asksForClassifieds({ fieldNodes: info.fieldNodes, fragments: {} })).toBe(true);
    expect(selectionAsksFor(["status"])(info)).toBe(false);
  });
});
