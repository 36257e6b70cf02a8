import { Kind, type GraphQLResolveInfo, type SelectionSetNode } from "graphql";

type SelectionInfo = Pick<GraphQLResolveInfo, "fieldNodes" | "fragments">;

/**
 * A test of whether a field's selection asks for any of `paths` below it: a path is field names separated by
 * dots, from the field's own selection down (`"classifieds"` directly below it, `"classifieds.media.images"`
 * three levels down). Fragments and inline fragments are followed; `@skip` and `@include` are not looked at,
 * so it may say yes for a field that ends up skipped. Resolvers use it to read ahead what the rest of the query
 * will need. The answer is kept per selection: a compiled operation hands the same field nodes to every
 * execution.
 */
export function selectionAsksFor(paths: readonly string[]): (info: SelectionInfo) => boolean {
  const wanted = paths.map((path) => path.split("."));
  const answers = new WeakMap<SelectionInfo["fieldNodes"], boolean>();
  const reaches = (set: SelectionSetNode | undefined, path: readonly string[], info: SelectionInfo, seen: Set<string>): boolean => {
    const [name, ...rest] = path;
    return (set?.selections ?? []).some((selection) => {
      if (selection.kind === Kind.FIELD) {
        return selection.name.value === name && (rest.length === 0 || reaches(selection.selectionSet, rest, info, new Set()));
      }
      if (selection.kind === Kind.INLINE_FRAGMENT) return reaches(selection.selectionSet, path, info, seen);
      const fragment = selection.name.value;
      if (seen.has(fragment)) return false;
      seen.add(fragment);
      return reaches(info.fragments[fragment]?.selectionSet, path, info, seen);
    });
  };
  return (info) => {
    let answer = answers.get(info.fieldNodes);
    if (answer === undefined) {
      answer = wanted.some((path) => info.fieldNodes.some((node) => reaches(node.selectionSet, path, info, new Set())));
      answers.set(info.fieldNodes, answer);
    }
    return answer;
  };
}
