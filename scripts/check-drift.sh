#!/usr/bin/env bash
# Fails when a committed generated file (migrations, GraphQL schema, codegen output, OpenAPI) differs from what
# the code generates now.
set -euo pipefail
cd "$(dirname "$0")/.."

status=0
out=$(npx drizzle-kit generate --name drift_check 2>&1)
if ! grep -q "No schema changes" <<<"$out"; then
  echo "drizzle/: the schema in src/db/schema differs from the committed migrations; run npm run db:generate" >&2
  git clean -fdq drizzle/ && git checkout -q -- drizzle/
  status=1
fi

for generator in $(node -e 'const s=require("./package.json").scripts;console.log(Object.keys(s).filter(k=>k.startsWith("generate:")).join(" "))'); do
  npm run -s "$generator"
done
if ! git diff --exit-code --stat -- schema/ src/ drizzle/ >/dev/null || [ -n "$(git status --porcelain -- schema/ src/ drizzle/)" ]; then
  echo "Generated files drift from the code; regenerate and commit:" >&2
  git status --porcelain -- schema/ src/ drizzle/ >&2
  status=1
fi
exit $status
