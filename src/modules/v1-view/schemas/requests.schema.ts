import { z } from "zod";
import { PROPERTY_SEARCH_SORT_FIELDS, SORT_ORDERS } from "../../search/search.types.js";
import { EnergyLabel, PropertyType, TransactionType } from "./common.schema.js";
import { requestComponent } from "./registry.js";
import { DEPARTMENT_CODE_MESSAGE, normaliseDepartmentCode } from "../../../domain/geography.js";

/** Path, query and body schemas of the v1 requests: the routes validate with these, the document shows them. */

/** Path parameter `id`. */
export const IdParams = z.strictObject({
  id: z.guid({ error: "must be a UUID" }).meta({ description: "Identifier (UUID)." }),
});

/** Query of the lookups: `url` of the listing, scheme optional; fragments and tracking parameters are ignored. */
export const UrlQuery = z.object({
  url: z
    .string({ error: "is required" })
    .min(3, { error: "must be at least 3 characters" })
    .max(2048, { error: "must be at most 2048 characters" })
    .meta({ description: "URL of the listing on its portal (3 to 2048 characters; scheme optional)." }),
});

/** Results per search page (fixed by v1). */
export const SEARCH_PAGE_SIZE = 20;
/** Highest page v1 accepts; plans may cap lower (see `planLimits().maxResultWindow`). */
export const SEARCH_MAX_PAGE = 500;

const nonNegativeInt = z.int().min(0);
const LatLng = z.strictObject({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) });
const codes = (what: string) => z.array(z.string().min(1).max(10)).max(1_000).optional().meta({ description: what });

/** Fails the field `max` when a lower bound exceeds its upper bound. */
function ordered(body: Record<string, unknown>, min: string, max: string, ctx: z.RefinementCtx): void {
  const low = body[min];
  const high = body[max];
  if (typeof low === "number" && typeof high === "number" && low > high) {
    ctx.addIssue({ code: "custom", path: [max], message: `must be at least ${min} (${low})` });
  }
}

/** `POST /properties/search`: every filter and sort of the published v1 API. Unknown fields are refused. */
export const SearchBody = requestComponent(
  z
    .strictObject({
      transactionType: TransactionType,
      propertyTypes: z
        .array(PropertyType)
        .min(1, { error: "must list at least one property type" })
        .max(PropertyType.options.length * 2),
      page: z.int().min(1).max(SEARCH_MAX_PAGE).default(1),
      sortBy: z.enum(PROPERTY_SEARCH_SORT_FIELDS).default("firstSeenAt"),
      orderBy: z.enum(SORT_ORDERS).default("desc"),

      locationDepartments: z
        .array(
          z
            .string()
            .refine((code) => normaliseDepartmentCode(code) !== null, { error: DEPARTMENT_CODE_MESSAGE })
            .overwrite((code) => normaliseDepartmentCode(code) ?? code), // `1` is `01`, `2a` is `2A`, as for tokens
        )
        .max(1_000)
        .optional()
        .meta({ description: "Department codes (`75`, `2A`, `971`)." }),
      locationInseeCodes: codes("INSEE commune codes."),
      locationPostcodes: codes("Postcodes."),
      locationGeoBbox: z
        .strictObject({ sw: LatLng, ne: LatLng })
        .refine((box) => box.sw.lat <= box.ne.lat, { path: ["ne", "lat"], message: "must be at least sw.lat" })
        .optional(),
      locationGeoCircle: z.strictObject({ center: LatLng, radiusMeters: z.int().min(10).max(50_000) }).optional(),

      transactionPriceMin: nonNegativeInt.optional(),
      transactionPriceMax: nonNegativeInt.optional(),
      propertyAreaMin: nonNegativeInt.optional(),
      propertyAreaMax: nonNegativeInt.optional(),
      propertyBedroomCountMin: nonNegativeInt.optional(),
      propertyRoomCountMin: nonNegativeInt.optional(),

      propertyBalconyExists: z.boolean().optional(),
      propertyCellarExists: z.boolean().optional(),
      propertyElevatorExists: z.boolean().optional(),
      propertyGarageExists: z.boolean().optional(),
      propertyGardenExists: z.boolean().optional(),
      propertyParkingExists: z.boolean().optional(),
      propertySwimmingPoolExists: z.boolean().optional(),
      propertyTerraceExists: z.boolean().optional(),
      propertyIsProgram: z.boolean().optional(),
      transactionPriceHasChanged: z.boolean().optional(),

      energyDpeLabels: z.array(EnergyLabel).max(14).optional(),
      energyGesLabels: z.array(EnergyLabel).max(14).optional(),

      searchQuery: z.string().max(400).optional().meta({ description: "Free text: accents and French word forms are ignored." }),
      searchThreshold: z.number().min(0).max(1).default(0.2).meta({ description: "Typo tolerance, 0..1 (lower is more tolerant)." }),

      sourceDomains: z.array(z.string().min(1).max(253)).max(100).optional(),
      sourceDomainsCountMin: nonNegativeInt.optional(),
      sourceDomainsCountMax: nonNegativeInt.optional(),
    })
    .superRefine((body, ctx) => {
      ordered(body, "transactionPriceMin", "transactionPriceMax", ctx);
      ordered(body, "propertyAreaMin", "propertyAreaMax", ctx);
      ordered(body, "sourceDomainsCountMin", "sourceDomainsCountMax", ctx);
    }),
  "PropertySearchBody",
  "Filters, order and page of a property search. The caller's contract applies on top of the filters.",
);
export type SearchBody = z.output<typeof SearchBody>;
