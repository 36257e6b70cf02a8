import type { PropertyRow } from "../../db/schema/index.js";
import { ENERGY_LABELS, LISTING_STATUSES, PROPERTY_TYPES, TRANSACTION_TYPES } from "../../domain/enums.js";
import { enumOr, enumOrNull } from "../common/enum-values.js";
import type { PropertyView } from "./properties.types.js";

/** Shapes a property row as the GraphQL `Property` (nested like the v1 representation). */
export function toPropertyView(row: PropertyRow): PropertyView {
  return {
    row,
    id: row.id,
    status: { current: enumOr(LISTING_STATUSES, row.status, "available") },
    currency: "euro",
    squareUnit: "squareMeter",
    location: {
      city: { name: row.cityName, inseeCode: row.inseeCode },
      postcode: row.postcode,
      department: row.department,
      country: "france",
      latitude: row.latitude,
      longitude: row.longitude,
    },
    meta: { firstSeenAt: row.firstSeenAt, lastSeenAt: row.lastSeenAt, lastModifiedAt: row.lastModifiedAt },
    attributes: {
      type: enumOr(PROPERTY_TYPES, row.propertyType, "other"),
      area: row.area,
      roomCount: row.roomCount,
      bedroomCount: row.bedroomCount,
      balconyExists: row.balconyExists,
      terraceExists: row.terraceExists,
      parkingExists: row.parkingExists,
      cellarExists: row.cellarExists,
      elevatorExists: row.elevatorExists,
      garageExists: row.garageExists,
      gardenExists: row.gardenExists,
      swimmingPoolExists: row.swimmingPoolExists,
      isProgram: row.isProgram,
    },
    energy: { dpe: { label: enumOrNull(ENERGY_LABELS, row.dpeLabel) }, ges: { label: enumOrNull(ENERGY_LABELS, row.gesLabel) } },
    transaction: {
      type: enumOr(TRANSACTION_TYPES, row.transactionType, "sale"),
      price: {
        initial: row.priceInitial,
        current: row.priceCurrent,
        perSquareUnit: row.pricePerSquareMeter,
        history: row.priceHistory,
        changedAt: row.priceChangedAt,
      },
    },
    media: { property: row },
  };
}
