import type { ClassifiedImageRow, ClassifiedPriceHistoryRow, ClassifiedRow } from "../../db/schema/index.js";
import {
  ENERGY_LABELS,
  HEATING_SOURCES,
  HEATING_SYSTEMS,
  HEATING_TYPES,
  LISTING_STATUSES,
  ORIENTATIONS,
  PROPERTY_TYPES,
  PUBLISHER_TYPES,
  TRANSACTION_TYPES,
} from "../../domain/enums.js";
import type { ImageView } from "../common/common.types.js";
import { enumOr, enumOrNull } from "../common/enum-values.js";
import type { ClassifiedAttributesView } from "./classified-attributes.types.js";
import type { ClassifiedPricePointView, ClassifiedView } from "./classifieds.types.js";

/** Shapes a classified row as the GraphQL `Classified` (nested like the v1 representation). */
export function toClassifiedView(row: ClassifiedRow): ClassifiedView {
  return {
    id: row.id,
    propertyId: row.propertyId,
    status: { current: enumOr(LISTING_STATUSES, row.status, "available") },
    currency: "euro",
    squareUnit: "squareMeter",
    title: row.title,
    description: row.description,
    publishedAt: row.publishedAt,
    source: { domain: row.sourceDomain, url: row.sourceUrl },
    publisher: {
      isProfessional: row.publisherIsProfessional,
      type: enumOrNull(PUBLISHER_TYPES, row.publisherType),
      name: row.publisherName,
      email: row.publisherEmail,
      phone: row.publisherPhone,
      feesUrl: row.publisherFeesUrl,
      siren: row.publisherSiren,
      siret: row.publisherSiret,
    },
    contact: {
      name: row.contactName,
      email: row.contactEmail,
      phone: row.contactPhone,
      phoneExists: row.contactPhone !== null,
      isRefusingSolicitation: row.contactIsRefusingSolicitation,
    },
    meta: { firstSeenAt: row.firstSeenAt, lastModifiedAt: row.lastModifiedAt, lastSeenAt: row.lastSeenAt, removedAt: row.removedAt },
    location: {
      city: { name: row.cityName, inseeCode: row.inseeCode },
      postcode: row.postcode,
      department: row.department,
      country: "france",
      latitude: row.latitude,
      longitude: row.longitude,
    },
    attributes: toAttributes(row),
    energy: {
      dpe: { label: enumOrNull(ENERGY_LABELS, row.dpeLabel), value: row.dpeValue, date: row.dpeDate },
      ges: { label: enumOrNull(ENERGY_LABELS, row.gesLabel), value: row.gesValue, date: row.gesDate },
      heating: {
        source: enumOrNull(HEATING_SOURCES, row.heatingSource),
        system: enumOrNull(HEATING_SYSTEMS, row.heatingSystem),
        type: enumOrNull(HEATING_TYPES, row.heatingType),
      },
    },
    transaction: {
      type: enumOr(TRANSACTION_TYPES, row.transactionType, "sale"),
      isExclusiveMandate: row.isExclusiveMandate,
      price: { classifiedId: row.id, current: row.priceCurrent, initial: row.priceInitial, perSquareUnit: row.pricePerSquareMeter },
    },
    media: { classifiedId: row.id },
  };
}

function toAttributes(row: ClassifiedRow): ClassifiedAttributesView {
  return {
    type: enumOr(PROPERTY_TYPES, row.propertyType, "other"),
    area: row.area,
    landArea: row.landArea,
    livingRoomArea: row.livingRoomArea,
    balconyArea: row.balconyArea,
    terraceArea: row.terraceArea,
    roomCount: row.roomCount,
    bedroomCount: row.bedroomCount,
    bathroomCount: row.bathroomCount,
    showerRoomCount: row.showerRoomCount,
    toiletCount: row.toiletCount,
    balconyCount: row.balconyCount,
    terraceCount: row.terraceCount,
    floor: row.floor,
    floorCount: row.floorCount,
    constructionYear: row.constructionYear,
    renovationYear: row.renovationYear,
    orientation: enumOrNull(ORIENTATIONS, row.orientation),
    balconyExists: row.balconyExists,
    terraceExists: row.terraceExists,
    parkingExists: row.parkingExists,
    airConditioningExists: row.airConditioningExists,
    alarmExists: row.alarmExists,
    atticExists: row.atticExists,
    caretakerExists: row.caretakerExists,
    cellarExists: row.cellarExists,
    doorCodeExists: row.doorCodeExists,
    elevatorExists: row.elevatorExists,
    fireplaceExists: row.fireplaceExists,
    garageExists: row.garageExists,
    gardenExists: row.gardenExists,
    intercomExists: row.intercomExists,
    swimmingPoolExists: row.swimmingPoolExists,
    toiletSeparateExists: row.toiletSeparateExists,
    isCondominium: row.isCondominium,
    isDisabledFriendly: row.isDisabledFriendly,
    isDualAspect: row.isDualAspect,
    isNew: row.isNew,
    isOccupied: row.isOccupied,
    renovationIsNeeded: row.renovationIsNeeded,
    propertyIsProgram: row.propertyIsProgram,
  };
}

export function toImageView(row: ClassifiedImageRow): ImageView {
  return {
    id: row.id,
    position: row.position,
    url: row.url,
    perceptualHash: row.perceptualHash,
    differenceHash: row.differenceHash,
    averageHash: row.averageHash,
  };
}

export function toClassifiedPricePointView(row: ClassifiedPriceHistoryRow): ClassifiedPricePointView {
  return { id: row.id, value: row.value, timestamp: row.observedAt };
}
