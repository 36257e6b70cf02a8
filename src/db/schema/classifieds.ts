import { boolean, doublePrecision, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { properties } from "./properties.js";

const at = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/**
 * One listing as published on one portal, normalised. Identity is the canonical url key.
 *
 * Only the columns statements filter, join or sort classifieds by keep planner statistics (migration 0018 lists
 * them): a new condition on another column must add it there, or PostgreSQL plans it on a default guess.
 */
export const classifieds = pgTable(
  "classifieds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    propertyId: uuid("property_id")
      .notNull()
      .references(() => properties.id),
    urlKey: text("url_key").notNull(),
    sourceDomain: text("source_domain").notNull(),
    sourceUrl: text("source_url").notNull(),
    status: text("status").notNull(),
    title: text("title"),
    description: text("description"),
    /** Digest of the image list (see images-digest.ts): equal digests mean an observation left the images as they are. */
    imagesDigest: text("images_digest").notNull(),
    /**
     * Perceptual hashes of its images in portal order, comma-separated ("" without any): what property
     * matching compares, kept with the classified so that finding candidates reads no image rows.
     */
    imageHashes: text("image_hashes").notNull().default(""),
    /** SimHash of title and description (16 hex digits; null for a text too short): grouping compares texts by it. */
    textSignature: text("text_signature"),
    /** The copropriété's number of lots that title or description gives (grouping/condominium.ts): grouping compares it. */
    condominiumLots: integer("condominium_lots"),
    /** A sale's yearly copropriété charges in euros that title or description gives (grouping/condominium.ts). */
    condominiumCharges: integer("condominium_charges"),
    /** The floor a flat's title or description states (grouping/stated-floor.ts): grouping takes it when `floor` is missing. */
    statedFloor: integer("stated_floor"),
    /** The lot of a programme or subdivision that title or description names (grouping/stated-lot.ts): grouping compares it. */
    statedLot: text("stated_lot"),

    publisherIsProfessional: boolean("publisher_is_professional"),
    publisherType: text("publisher_type"),
    publisherName: text("publisher_name"),
    publisherEmail: text("publisher_email"),
    publisherPhone: text("publisher_phone"),
    publisherFeesUrl: text("publisher_fees_url"),
    publisherSiren: text("publisher_siren"),
    publisherSiret: text("publisher_siret"),

    contactName: text("contact_name"),
    contactEmail: text("contact_email"),
    contactPhone: text("contact_phone"),
    contactIsRefusingSolicitation: boolean("contact_is_refusing_solicitation"),

    inseeCode: text("insee_code").notNull(),
    cityName: text("city_name").notNull(),
    postcode: text("postcode").notNull(),
    department: text("department").notNull(),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),

    propertyType: text("property_type").notNull(),
    /** The type grouping blocks the classified on (grouping/grouping-type.ts): the portal's, or a mislabelled flat's. */
    groupingType: text("grouping_type").notNull(),
    area: doublePrecision("area"),
    landArea: doublePrecision("land_area"),
    livingRoomArea: doublePrecision("living_room_area"),
    balconyArea: doublePrecision("balcony_area"),
    terraceArea: doublePrecision("terrace_area"),
    roomCount: integer("room_count"),
    bedroomCount: integer("bedroom_count"),
    bathroomCount: integer("bathroom_count"),
    showerRoomCount: integer("shower_room_count"),
    toiletCount: integer("toilet_count"),
    balconyCount: integer("balcony_count"),
    terraceCount: integer("terrace_count"),
    floor: integer("floor"),
    floorCount: integer("floor_count"),
    constructionYear: integer("construction_year"),
    renovationYear: integer("renovation_year"),
    orientation: text("orientation"),
    balconyExists: boolean("balcony_exists"),
    terraceExists: boolean("terrace_exists"),
    parkingExists: boolean("parking_exists"),
    airConditioningExists: boolean("air_conditioning_exists"),
    alarmExists: boolean("alarm_exists"),
    atticExists: boolean("attic_exists"),
    caretakerExists: boolean("caretaker_exists"),
    cellarExists: boolean("cellar_exists"),
    doorCodeExists: boolean("door_code_exists"),
    elevatorExists: boolean("elevator_exists"),
    fireplaceExists: boolean("fireplace_exists"),
    garageExists: boolean("garage_exists"),
    gardenExists: boolean("garden_exists"),
    intercomExists: boolean("intercom_exists"),
    swimmingPoolExists: boolean("swimming_pool_exists"),
    toiletSeparateExists: boolean("toilet_separate_exists"),
    isCondominium: boolean("is_condominium"),
    isDisabledFriendly: boolean("is_disabled_friendly"),
    isDualAspect: boolean("is_dual_aspect"),
    isNew: boolean("is_new"),
    isOccupied: boolean("is_occupied"),
    renovationIsNeeded: boolean("renovation_is_needed"),
    propertyIsProgram: boolean("property_is_program"),

    dpeLabel: text("dpe_label"),
    dpeValue: integer("dpe_value"),
    dpeDate: at("dpe_date"),
    gesLabel: text("ges_label"),
    gesValue: integer("ges_value"),
    gesDate: at("ges_date"),
    heatingSource: text("heating_source"),
    heatingSystem: text("heating_system"),
    heatingType: text("heating_type"),

    transactionType: text("transaction_type").notNull(),
    isExclusiveMandate: boolean("is_exclusive_mandate"),
    priceInitial: integer("price_initial").notNull(),
    priceCurrent: integer("price_current").notNull(),
    pricePerSquareMeter: integer("price_per_square_meter"),

    publishedAt: at("published_at"),
    firstSeenAt: at("first_seen_at").notNull(),
    lastSeenAt: at("last_seen_at").notNull(),
    lastModifiedAt: at("last_modified_at").notNull(),
    removedAt: at("removed_at"),
  },
  (t) => [
    uniqueIndex("classifieds_url_key_idx").on(t.urlKey),
    index("classifieds_property_idx").on(t.propertyId),
    // Property matching's candidates: same commune and types, an area range (ingest.repository.ts).
    index("classifieds_match_idx").on(t.inseeCode, t.groupingType, t.transactionType, t.area),
    // A department's classifieds; and property matching's candidates in the neighbouring communes, found by
    // department, types, an area range and a price range read in the index.
    index("classifieds_department_match_idx").on(t.department, t.groupingType, t.transactionType, t.area, t.priceCurrent),
    index("classifieds_publisher_siren_idx").on(t.publisherSiren),
    index("classifieds_publisher_siret_idx").on(t.publisherSiret),
    index("classifieds_last_modified_idx").on(t.lastModifiedAt),
  ],
);

export type ClassifiedRow = typeof classifieds.$inferSelect;
export type NewClassifiedRow = typeof classifieds.$inferInsert;
