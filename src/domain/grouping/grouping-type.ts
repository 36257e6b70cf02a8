/**
 * The property type grouping blocks a classified on: the portal's, unless the advert itself says otherwise. Portals
 * now and then file a flat under the wrong type, and blocking on the type would keep that listing from every copy
 * of its flat. Two things overrule the type field, in this order:
 * - a floor above the ground: a house never stands on a floor of a building, so one given a floor of 1 or more is
 *   taken for the flat it is, whatever its title says. The floor field only: a house's text describes its own
 *   storeys ("au 1er étage, trois chambres").
 * - a title that names one type and not the other ("Appartement 3 pièces", "Maison de ville"): the publisher wrote
 *   the title, while the type field is often a portal's or a diffusion tool's mapping of it. The title only, not
 *   the description, which names the neighbourhood's other homes as often as its own ("quartier pavillonnaire",
 *   "maison divisée en appartements"); and only words that name a home, not ones that are also place or residence
 *   names ("Les Chalets", "Résidence Villa Flora").
 * The classified keeps the type its portal gave; only grouping reads this one.
 *
 * Migration 0028 (after 0026, which read the floor alone) reads the same in SQL for the classifieds stored before:
 * a change here is a change there.
 */
export function groupingTypeOf(propertyType: string, floor: number | null, title: string | null): string {
  if (propertyType !== "house" && propertyType !== "apartment") return propertyType;
  if (floor !== null && floor >= 1) return "apartment";
  return typeNamedBy(title) ?? propertyType;
}

const NAMES_A_FLAT = /\b(?:appartements?|appart|studios?|duplex|triplex)\b/i;
const NAMES_A_HOUSE = /\b(?:maisons?|pavillons?)\b/i;

/** The type a title names, when it names one and not the other. */
function typeNamedBy(title: string | null): "apartment" | "house" | null {
  if (title === null) return null;
  const flat = NAMES_A_FLAT.test(title);
  if (flat === NAMES_A_HOUSE.test(title)) return null;
  return flat ? "apartment" : "house";
}
