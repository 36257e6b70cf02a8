/**
 * The hand-written baseline of the REST bench: the same three operations over the same data, straight
 * postgres.js queries (prepared, camel-cased rows) behind Fastify, no authentication, no contract, no
 * loaders. It shapes the same v1 JSON with the same representation functions, so the difference the bench
 * measures is the gateway's read path (auth, rate limit, contract predicate, loaders, Drizzle), not the JSON.
 */
import Fastify, { type FastifyInstance } from "fastify";
import postgres from "postgres";
import { imagesOfList, type ClassifiedPriceHistoryRow, type ClassifiedRow, type PropertyRow, type StoredImage } from "../src/db/schema/index.js";
import { listDepartments } from "../src/domain/geography.js";
import { canonicalUrlKey } from "../src/domain/url-key.js";
import { classifiedLookup } from "../src/modules/v1-view/representations/classified.representation.js";
import { propertyRepresentation } from "../src/modules/v1-view/representations/property.representation.js";

type Sql = postgres.Sql;

// `select *` with postgres.camel gives every column of the table under its Drizzle name and JS type
// (timestamptz → Date, jsonb parsed, arrays as arrays): the row types of src/db/schema. The casts say so.
const asProperty = (row: postgres.Row) => row as PropertyRow;
const asClassified = (row: postgres.Row) => row as ClassifiedRow;
const asHistory = (row: postgres.Row) => row as ClassifiedPriceHistoryRow;
const asImages = (row: postgres.Row) => imagesOfList(String(row["classifiedId"]), row["images"] as StoredImage[]);

async function propertyDocuments(sql: Sql, ids: readonly string[]) {
  if (ids.length === 0) return [];
  const properties = (await sql`select * from properties where id = any(${ids as string[]}::uuid[])`).map(asProperty);
  const classifieds = (await sql`select * from classifieds where property_id = any(${ids as string[]}::uuid[]) order by first_seen_at, id`).map(asClassified);
  const classifiedIds = classifieds.map((c) => c.id);
  const leadIds = properties.map((p) => p.leadClassifiedId).filter((id): id is string => id !== null);
  const [history, images] = await Promise.all([
    sql`select * from classified_price_history where classified_id = any(${classifiedIds}::uuid[]) order by observed_at`,
    sql`select * from classified_image_lists where classified_id = any(${leadIds}::uuid[])`,
  ]);
  const historyOf = groupBy(history.map(asHistory), (h) => h.classifiedId);
  const imagesOf = groupBy(images.flatMap(asImages), (i) => i.classifiedId);
  const classifiedsOf = groupBy(classifieds, (c) => c.propertyId);
  const byId = new Map(properties.map((p) => [p.id, p]));
  return ids.flatMap((id) => {
    const property = byId.get(id);
    if (property === undefined) return [];
    return [
      propertyRepresentation({
        property,
        description: property.description,
        images: imagesOf.get(property.leadClassifiedId ?? "") ?? [],
        classifieds: (classifiedsOf.get(id) ?? []).map((classified) => ({ classified, priceHistory: historyOf.get(classified.id) ?? [] })),
      }),
    ];
  });
}

function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = groups.get(k);
    if (list) list.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}

type SearchBody = {
  transactionType: string;
  propertyTypes: string[];
  locationDepartments: string[];
  transactionPriceMin: number;
  transactionPriceMax: number;
  propertyAreaMin: number;
  page: number;
};

/** The bench's tokens all have the enterprise plan over every department: the same envelope every time. */
const META = { subscriptionPlan: "enterprise500", dataAccessLimit: { departments: listDepartments(), sirens: [], sirets: [] } };

/** The baseline app on `url`; the caller listens and closes it. */
export function buildBaselineApp(url: string, poolSize: number): FastifyInstance {
  const sql = postgres(url, { max: poolSize, transform: postgres.camel, onnotice: () => undefined });
  const app = Fastify();
  app.addHook("onClose", async () => sql.end({ timeout: 5 }));

  app.get<{ Params: { id: string } }>("/public/v1/properties/:id", async (request, reply) => {
    const [property] = await propertyDocuments(sql, [request.params.id]);
    return property ? { property, meta: META } : reply.code(404).send({ message: "Property not found." });
  });

  app.get<{ Querystring: { url: string } }>("/public/v1/classifieds/lookup", async (request, reply) => {
    const key = canonicalUrlKey(request.query.url);
    const [row] = key === null ? [] : await sql`select * from classifieds where url_key = ${key}`;
    if (row === undefined) return reply.code(404).send({ message: "Classified not found." });
    const classified = asClassified(row);
    const history = (await sql`select * from classified_price_history where classified_id = ${classified.id} order by observed_at`).map(asHistory);
    return { classified: classifiedLookup({ classified, priceHistory: history }), meta: META };
  });

  app.post<{ Body: SearchBody }>("/public/v1/properties/search", async (request) => {
    const b = request.body;
    const rows = await sql`
      select id, count(*) over () as total from properties
      where transaction_type = ${b.transactionType} and property_type = any(${b.propertyTypes}::text[])
        and department = any(${b.locationDepartments}::text[])
        and price_current between ${b.transactionPriceMin} and ${b.transactionPriceMax} and area >= ${b.propertyAreaMin}
      order by price_current asc, id asc limit 20 offset ${(b.page - 1) * 20}`;
    const total = Number(rows[0]?.["total"] ?? 0);
    const items = await propertyDocuments(
      sql,
      rows.map((row) => String(row["id"])),
    );
    const totalPages = Math.ceil(total / 20);
    return { items, meta: { ...META, page: b.page, nextPage: b.page < totalPages ? b.page + 1 : null, perPage: 20, total, totalPages } };
  });
  return app;
}
