/**
 * The hand-written baseline of the GraphQL bench: the same data as the bench's two GraphQL operations, read
 * with prepared postgres.js queries and served by node:http with no framework, no authentication, no contract
 * and no loaders. It answers the exact JSON the GraphQL operations answer in `data` (the bench checks that),
 * so the difference measured is the gateway's cost: HTTP framework, auth, rate limit, GraphQL, loaders,
 * Drizzle and the contract predicate.
 *
 *   GET  /property/<id>   → the `property` of PropertyById (every field, its classifieds with every field)
 *   POST /search          → the `properties` of SearchProperties for a JSON filter body
 */
import { createServer, type Server } from "node:http";
import postgres from "postgres";
import { imagesOfList, type StoredImage } from "../src/db/schema/index.js";

type Sql = postgres.Sql;
type Row = postgres.Row;

const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : value === null || value === undefined ? null : String(value));

function classifiedJson(c: Row, images: Row[], history: Row[]) {
  return {
    id: c["id"],
    propertyId: c["propertyId"],
    status: { current: c["status"] },
    currency: "euro",
    squareUnit: "squareMeter",
    title: c["title"],
    description: c["description"],
    publishedAt: iso(c["publishedAt"]),
    source: { domain: c["sourceDomain"], url: c["sourceUrl"] },
    publisher: {
      isProfessional: c["publisherIsProfessional"],
      type: c["publisherType"],
      name: c["publisherName"],
      email: c["publisherEmail"],
      phone: c["publisherPhone"],
      feesUrl: c["publisherFeesUrl"],
      siren: c["publisherSiren"],
      siret: c["publisherSiret"],
    },
    contact: {
      name: c["contactName"],
      email: c["contactEmail"],
      phone: c["contactPhone"],
      phoneExists: c["contactPhone"] !== null,
      isRefusingSolicitation: c["contactIsRefusingSolicitation"],
    },
    meta: { firstSeenAt: iso(c["firstSeenAt"]), lastModifiedAt: iso(c["lastModifiedAt"]), lastSeenAt: iso(c["lastSeenAt"]), removedAt: iso(c["removedAt"]) },
    location: {
      city: { name: c["cityName"], inseeCode: c["inseeCode"] },
      postcode: c["postcode"],
      department: c["department"],
      country: "france",
      latitude: c["latitude"],
      longitude: c["longitude"],
    },
    attributes: {
      type: c["propertyType"],
      area: c["area"],
      landArea: c["landArea"],
      livingRoomArea: c["livingRoomArea"],
      balconyArea: c["balconyArea"],
      terraceArea: c["terraceArea"],
      roomCount: c["roomCount"],
      bedroomCount: c["bedroomCount"],
      bathroomCount: c["bathroomCount"],
      showerRoomCount: c["showerRoomCount"],
      toiletCount: c["toiletCount"],
      balconyCount: c["balconyCount"],
      terraceCount: c["terraceCount"],
      floor: c["floor"],
      floorCount: c["floorCount"],
      constructionYear: c["constructionYear"],
      renovationYear: c["renovationYear"],
      orientation: c["orientation"],
      balconyExists: c["balconyExists"],
      terraceExists: c["terraceExists"],
      parkingExists: c["parkingExists"],
      airConditioningExists: c["airConditioningExists"],
      alarmExists: c["alarmExists"],
      atticExists: c["atticExists"],
      caretakerExists: c["caretakerExists"],
      cellarExists: c["cellarExists"],
      doorCodeExists: c["doorCodeExists"],
      elevatorExists: c["elevatorExists"],
      fireplaceExists: c["fireplaceExists"],
      garageExists: c["garageExists"],
      gardenExists: c["gardenExists"],
      intercomExists: c["intercomExists"],
      swimmingPoolExists: c["swimmingPoolExists"],
      toiletSeparateExists: c["toiletSeparateExists"],
      isCondominium: c["isCondominium"],
      isDisabledFriendly: c["isDisabledFriendly"],
      isDualAspect: c["isDualAspect"],
      isNew: c["isNew"],
      isOccupied: c["isOccupied"],
      renovationIsNeeded: c["renovationIsNeeded"],
      propertyIsProgram: c["propertyIsProgram"],
    },
    energy: {
      dpe: { label: c["dpeLabel"], value: c["dpeValue"], date: iso(c["dpeDate"]) },
      ges: { label: c["gesLabel"], value: c["gesValue"], date: iso(c["gesDate"]) },
      heating: { source: c["heatingSource"], system: c["heatingSystem"], type: c["heatingType"] },
    },
    transaction: {
      type: c["transactionType"],
      isExclusiveMandate: c["isExclusiveMandate"],
      price: {
        current: c["priceCurrent"],
        initial: c["priceInitial"],
        perSquareUnit: c["pricePerSquareMeter"],
        history: history.map((h) => ({ id: h["id"], value: h["value"], timestamp: iso(h["observedAt"]) })),
      },
    },
    media: {
      images: images.map((i) => ({
        id: i["id"],
        position: i["position"],
        url: i["url"],
        perceptualHash: i["perceptualHash"],
        differenceHash: i["differenceHash"],
        averageHash: i["averageHash"],
      })),
    },
  };
}

function propertyJson(p: Row, classifieds: Row[], imagesOf: Map<string, Row[]>, historyOf: Map<string, Row[]>) {
  const pricePoints: { value: number; timestamp: string }[] = Array.isArray(p["priceHistory"]) ? p["priceHistory"] : [];
  return {
    id: p["id"],
    status: { current: p["status"] },
    currency: "euro",
    squareUnit: "squareMeter",
    description: p["description"],
    location: {
      city: { name: p["cityName"], inseeCode: p["inseeCode"] },
      postcode: p["postcode"],
      department: p["department"],
      country: "france",
      latitude: p["latitude"],
      longitude: p["longitude"],
    },
    meta: { firstSeenAt: iso(p["firstSeenAt"]), lastSeenAt: iso(p["lastSeenAt"]), lastModifiedAt: iso(p["lastModifiedAt"]) },
    attributes: {
      type: p["propertyType"],
      area: p["area"],
      roomCount: p["roomCount"],
      bedroomCount: p["bedroomCount"],
      balconyExists: p["balconyExists"],
      terraceExists: p["terraceExists"],
      parkingExists: p["parkingExists"],
      cellarExists: p["cellarExists"],
      elevatorExists: p["elevatorExists"],
      garageExists: p["garageExists"],
      gardenExists: p["gardenExists"],
      swimmingPoolExists: p["swimmingPoolExists"],
      isProgram: p["isProgram"],
    },
    energy: { dpe: { label: p["dpeLabel"] }, ges: { label: p["gesLabel"] } },
    transaction: {
      type: p["transactionType"],
      price: {
        initial: p["priceInitial"],
        current: p["priceCurrent"],
        perSquareUnit: p["pricePerSquareMeter"],
        changedAt: iso(p["priceChangedAt"]),
        history: pricePoints.map((point) => ({ value: point.value, timestamp: new Date(point.timestamp).toISOString() })),
      },
    },
    media: { images: (imagesOf.get(String(p["leadClassifiedId"])) ?? []).map((i) => ({ id: i["id"], position: i["position"], url: i["url"] })) },
    classifieds: classifieds.map((c) => classifiedJson(c, imagesOf.get(String(c["id"])) ?? [], historyOf.get(String(c["id"])) ?? [])),
  };
}

function groupBy(rows: readonly Row[], column: string): Map<string, Row[]> {
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const key = String(row[column]);
    const list = groups.get(key);
    if (list) list.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}

export type PropertyRows = { properties: Row[]; classifieds: Row[]; images: Row[]; history: Row[] };

/** The rows of properties with their classifieds, images and history: four statements, two round trips. */
export async function readPropertyRows(sql: Sql, ids: string[]): Promise<PropertyRows> {
  if (ids.length === 0) return { properties: [], classifieds: [], images: [], history: [] };
  const [properties, classifieds] = await Promise.all([
    sql`select * from properties where id = any(${ids}::uuid[])`,
    sql`select * from classifieds where property_id = any(${ids}::uuid[]) order by first_seen_at, id`,
  ]);
  const classifiedIds = classifieds.map((c) => String(c["id"]));
  const [imageLists, history] = await Promise.all([
    sql`select * from classified_image_lists where classified_id = any(${classifiedIds}::uuid[])`,
    sql`select * from classified_price_history where classified_id = any(${classifiedIds}::uuid[]) order by classified_id, observed_at, id`,
  ]);
  const images = imageLists.flatMap((list) => imagesOfList(String(list["classifiedId"]), list["images"] as StoredImage[]));
  return { properties, classifieds, images, history };
}

/** The JSON of properties, in the order of `ids`, from their rows. */
export function propertiesJson(rows: PropertyRows, ids: string[]) {
  const imagesOf = groupBy(rows.images, "classifiedId");
  const historyOf = groupBy(rows.history, "classifiedId");
  const classifiedsOf = groupBy(rows.classifieds, "propertyId");
  const byId = new Map(rows.properties.map((p) => [String(p["id"]), p]));
  return ids.flatMap((id) => {
    const p = byId.get(id);
    return p ? [propertyJson(p, classifiedsOf.get(id) ?? [], imagesOf, historyOf)] : [];
  });
}

async function propertiesWithClassifieds(sql: Sql, ids: string[]) {
  return propertiesJson(await readPropertyRows(sql, ids), ids);
}

export type BaselineSearch = { department: string; priceMin: number; priceMax: number; areaMin: number };

const cursor = (position: number) => Buffer.from(`position:${position}`, "utf8").toString("base64url");

async function search(sql: Sql, filter: BaselineSearch) {
  const rows = await sql`
    select id, count(*) over () as total from properties
    where department = any(${[filter.department]}::text[]) and transaction_type = 'sale'
      and property_type = any(${["apartment", "house"]}::text[])
      and price_current between ${filter.priceMin} and ${filter.priceMax} and area >= ${filter.areaMin}
    order by price_current asc, id asc limit 20`;
  const total = Number(rows[0]?.["total"] ?? 0);
  const nodes = await propertiesWithClassifieds(
    sql,
    rows.map((row) => String(row["id"])),
  );
  const edges = nodes.map((node, index) => ({ cursor: cursor(index), node }));
  return {
    totalCount: total,
    pageInfo: {
      hasNextPage: nodes.length < total,
      hasPreviousPage: false,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges[edges.length - 1]?.cursor ?? null,
    },
    edges,
  };
}

/** The baseline's database client: rows with camelCase keys. */
export function baselineSql(url: string, poolSize: number): Sql {
  return postgres(url, { max: poolSize, transform: postgres.camel, onnotice: () => undefined });
}

/** The baseline server on `url`; listen on it, and call `close` when done. */
export function baselineServer(url: string, poolSize: number): { server: Server; close(): Promise<void> } {
  const sql = baselineSql(url, poolSize);
  const send = (response: import("node:http").ServerResponse, status: number, body: unknown) => {
    const text = JSON.stringify(body);
    response.writeHead(status, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(text) });
    response.end(text);
  };
  const server = createServer((request, response) => {
    const handle = async () => {
      if (request.method === "GET" && request.url?.startsWith("/property/")) {
        const [property] = await propertiesWithClassifieds(sql, [request.url.slice("/property/".length)]);
        return send(response, property ? 200 : 404, { property: property ?? null });
      }
      if (request.method === "POST" && request.url === "/search") {
        const chunks: Buffer[] = [];
        for await (const chunk of request) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
        const filter = JSON.parse(Buffer.concat(chunks).toString("utf8")) as BaselineSearch; // the bench sends this shape
        return send(response, 200, { properties: await search(sql, filter) });
      }
      return send(response, 404, { message: "Not found." });
    };
    handle().catch((error: unknown) => send(response, 500, { message: String(error) }));
  });
  return {
    server,
    close: async () => {
      server.close();
      await sql.end({ timeout: 5 });
    },
  };
}
