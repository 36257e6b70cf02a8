/**
 * The property type grouping blocks a classified on: the portal's, except for a "house" on an upper floor. Portals
 * now and then file a flat under the wrong type, and blocking on the type would keep that listing from every copy
 * of its flat; a house never stands on a floor of a building, so one given a floor above the ground is taken for
 * the flat it is. The floor field only: a house's text describes its own storeys ("au 1er étage, trois chambres").
 * The classified keeps the type its portal gave; only grouping reads this one.
 *
 * Migration 0026 reads the same in SQL for the classifieds stored before: a change here is a change there.
 */
export function groupingTypeOf(propertyType: string, floor: number | null): string {
  return propertyType === "house" && floor !== null && floor >= 1 ? "apartment" : propertyType;
}
