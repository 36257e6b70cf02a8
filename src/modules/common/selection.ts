import { Kind, type FieldNode, type GraphQLResolveInfo, type SelectionSetNode } from "graphql";

type SelectionInfo = Pick<GraphQLResolveInfo, "fieldNodes" | "fragments">;

/**
 * A test of whether a field's selection asks for any of `names` directly below it (through fragments and
 * inline fragments too; `@skip` and `@include` are not looked at, so it may say yes for a field that ends up
 * skipped). Resolvers use it to read ahead what the rest of the query will need. The answer is kept per
 * selection: a compiled operation hands the same field nodes to every execution.
 */
export function selectionAsksFor(names: readonly string[]): (info: SelectionInfo) => boolean {
  const wanted = new Set(names);
  const answers = new WeakMap<readonly FieldNode[], boolean>();
  const inSet = (set: SelectionSetNode | undefined, info: SelectionInfo, seen: Set<string>): boolean =>
    (set?.selections ?? []).some((selection) => {
      if (selection.kind === Kind.FIELD) return wanted.has(selection.name.value);
      if (selection.kind === Kind.INLINE_FRAGMENT) return inSet(selection.selectionSet, info, seen);
      const name = selection.name.value;
      if (seen.has(name)) return false;
      seen.add(name);
      return inSet(info.fragments[name]?.selectionSet, info, seen);
    });
  return (info) => {
    let answer = answers.get(info.fieldNodes);
    if (answer === undefined) {
      answer = info.fieldNodes.some((node) => inSet(node.selectionSet, info, new Set()));
      answers.set(info.fieldNodes, answer);
    }
    return answer;
  };
}
