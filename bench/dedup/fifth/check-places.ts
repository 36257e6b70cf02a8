/**
 * Checks every commune of places.ts against @etalab/decoupage-administratif (INSEE code, department, postcodes,
 * former codes of merged communes). Run: npx tsx bench/dedup/fifth/check-places.ts. The generator does not use it.
 */
import { createRequire } from "node:module";
import { type Commune, PLACES } from "./places.js";

type Entry = { code: string; nom: string; type: string; departement: string; codesPostaux?: string[]; anciensCodes?: string[]; chefLieu?: string };

const require = createRequire(import.meta.url);
const communes = require("@etalab/decoupage-administratif/data/communes.json") as Entry[];
const arrondissements = require("@etalab/decoupage-administratif/data/arrondissements.json") as Entry[];
const current = new Map<string, Entry>();
for (const e of [...communes, ...arrondissements]) if (e.type === "commune-actuelle" || e.type === "arrondissement-municipal") current.set(e.code, e);

const problems: string[] = [];
function check(c: Commune, postcodes: readonly string[], label: string): void {
  const e = current.get(c.insee);
  if (!e) return void problems.push(`${label}: no current commune ${c.insee}`);
  if (e.nom !== c.name) problems.push(`${label}: ${c.insee} is ${e.nom}, not ${c.name}`);
  if (e.departement !== c.dept) problems.push(`${label}: ${c.insee} is in ${e.departement}, not ${c.dept}`);
  for (const p of postcodes) if (!e.codesPostaux?.includes(p)) problems.push(`${label}: ${p} is not a postcode of ${e.nom}`);
}
for (const place of PLACES) {
  check(place, [place.postcode, ...place.quarters.map((q) => q.postcode)], place.key);
  check(place.misfiledAs, [place.misfiledAs.postcode], `${place.key} misfiled`);
  for (const q of place.quarters) {
    if (!q.formerInsee || q.formerInsee === place.insee) continue;
    const former = communes.some((e) => e.code === q.formerInsee && e.type === "commune-deleguee" && e.chefLieu === place.insee);
    const ancient = current.get(place.insee)?.anciensCodes?.includes(q.formerInsee);
    if (!former && !ancient) problems.push(`${place.key}: ${q.formerInsee} is not a former code of ${place.insee}`);
  }
}
console.log(problems.length === 0 ? `all ${PLACES.length} places check out` : problems.join("\n"));
process.exitCode = problems.length === 0 ? 0 : 1;
