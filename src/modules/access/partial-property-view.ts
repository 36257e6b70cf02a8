import { sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { classifiedPriceHistory, classifieds } from "../../db/schema/index.js";

/** `classifieds` under another name; one type for every alias. */
export type ClassifiedAlias = ReturnType<typeof classifiedsAs>;
const classifiedsAs = (name: string) => alias(classifieds, name);

const member = classifiedsAs("member");
const lead = classifiedsAs("lead");
const located = classifiedsAs("located");
const holder = classifiedsAs("holder");

/**
 * The SQL of the `properties` a caller with a publisher-restricted contract reads: every column a stored row
 * has (plus `search_vector`), derived from the caller's visible classifieds only, by the rule the ingest
 * pipeline applies to all of them (src/modules/ingest/property-derivation.ts). A property may group the
 * classifieds of several publishers; its stored price, portals, area or text would tell such a caller about
 * classifieds it may not see, so none of them is read from the stored row.
 *
 * `visible(table)` is the contract's classified predicate over the given alias of `classifieds`. Only
 * properties with at least one visible classified are rows of the view.
 *
 * Price: the current price is the lowest among the shown classifieds (the active ones, or all when every one
 * is removed), and the price history is that of the classified that holds it; the initial price is the first
 * entry of that history. The price per m² is rounded half up, as domain/price.ts does (in numeric: rounding a
 * double precision rounds a half to even).
 */
export function partialPropertyView(visible: (table: ClassifiedAlias) => SQL): SQL {
  const shown = (table: ClassifiedAlias) => sql`(${table.status} <> 'removed' or not summary.any_active)`;
  const recency = (table: ClassifiedAlias) => sql`${table.lastModifiedAt} desc, ${table.lastSeenAt} desc, ${table.id}`;
  return sql`
    select p.id,
      lead.id as lead_classified_id,
      case when summary.any_available then 'available' else lead.status end as status,
      lead.description, lead.property_type, lead.transaction_type, lead.insee_code, lead.city_name, lead.postcode,
      lead.department, located.latitude, located.longitude, lead.area, lead.room_count, lead.bedroom_count,
      lead.balcony_exists, lead.terrace_exists, lead.parking_exists, lead.cellar_exists, lead.elevator_exists,
      lead.garage_exists, lead.garden_exists, lead.swimming_pool_exists, lead.property_is_program as is_program,
      lead.dpe_label, lead.ges_label,
      coalesce(price.initial, holder.price_initial) as price_initial,
      holder.price_current,
      case when lead.area > 0 then round(holder.price_current / lead.area::numeric)::int end as price_per_square_meter,
      coalesce(price.history, '[]'::jsonb) as price_history,
      price.changed_at as price_changed_at,
      summary.source_domains,
      cardinality(summary.source_domains) as source_domains_count,
      summary.search_text,
      summary.first_seen_at, summary.last_seen_at, summary.last_modified_at,
      to_tsvector('french_unaccent'::regconfig, summary.search_text) as search_vector
    from public.properties p
    cross join lateral (
      select
        bool_or(${member.status} <> 'removed') as any_active,
        bool_or(${member.status} = 'available') as any_available,
        coalesce(
          array_agg(distinct ${member.sourceDomain} order by ${member.sourceDomain}) filter (where ${member.status} <> 'removed'),
          array_agg(distinct ${member.sourceDomain} order by ${member.sourceDomain})
        ) as source_domains,
        coalesce(
          string_agg(concat_ws(E'\\n', ${member.title}, ${member.description}), E'\\n') filter (where ${member.status} <> 'removed'),
          string_agg(concat_ws(E'\\n', ${member.title}, ${member.description}), E'\\n'),
          ''
        ) as search_text,
        min(${member.firstSeenAt}) as first_seen_at,
        max(${member.lastSeenAt}) as last_seen_at,
        max(${member.lastModifiedAt}) as last_modified_at
      from ${classifieds} ${member}
      where ${member.propertyId} = p.id and ${visible(member)}
    ) summary
    cross join lateral (
      select * from ${classifieds} ${lead}
      where ${lead.propertyId} = p.id and ${visible(lead)} and ${shown(lead)}
      order by ${recency(lead)} limit 1
    ) lead
    left join lateral (
      select ${located.latitude}, ${located.longitude} from ${classifieds} ${located}
      where ${located.propertyId} = p.id and ${visible(located)} and ${shown(located)}
        and ${located.latitude} is not null and ${located.longitude} is not null
      order by ${recency(located)} limit 1
    ) located on true
    cross join lateral (
      select * from ${classifieds} ${holder}
      where ${holder.propertyId} = p.id and ${visible(holder)} and ${shown(holder)}
      order by ${holder.priceCurrent}, ${recency(holder)} limit 1
    ) holder
    left join lateral (
      select
        jsonb_agg(jsonb_build_object(
          'value', h.value,
          'timestamp', to_char(h.observed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
        ) order by h.observed_at, h.id) as history,
        (array_agg(h.value order by h.observed_at, h.id))[1] as initial,
        case when count(*) > 1 then max(h.observed_at) end as changed_at
      from ${classifiedPriceHistory} h
      where h.classified_id = holder.id
    ) price on true`;
}
