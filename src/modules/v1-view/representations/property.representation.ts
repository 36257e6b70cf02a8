import type { ClassifiedImageRow, PropertyRow } from "../../../db/schema/index.js";
import { priceEntryId } from "../../../domain/price.js";
import type { ClassifiedSummary, ClassifiedSummaryWithSiret, Property, PropertyWithSirets } from "../schemas/property.schema.js";
import type { ClassifiedParts } from "./classified.representation.js";
import {
  compact,
  energyLabelOf,
  identifiedHistory,
  iso,
  isProfessional,
  locationWithCoordinates,
  opt,
  plainImages,
  propertyTypeOf,
  publisherTypeOf,
  statusOf,
  transactionTypeOf,
} from "./shared.js";

/**
 * A property with what representation 2.3 embeds: the description and images it shows (taken from a classified
 * the caller may see) and its visible classifieds.
 */
export type PropertyParts = {
  property: PropertyRow;
  description: string | null;
  classifieds: readonly Omit<ClassifiedParts, "images">[];
  images: readonly ClassifiedImageRow[];
};

/** Representation 2.4 without `publisher.siret` (`GET /properties/{id}`, lookup, search). */
export function classifiedSummary({ classified: row, priceHistory }: Omit<ClassifiedParts, "images">): ClassifiedSummary {
  return {
    id: row.id,
    status: statusOf(row),
    description: row.description,
    source: { domain: row.sourceDomain, url: row.sourceUrl },
    publisher: compact({
      isProfessional: isProfessional(row),
      type: publisherTypeOf(row.publisherType),
      email: opt(row.publisherEmail),
      phone: opt(row.publisherPhone),
      feesUrl: opt(row.publisherFeesUrl),
      siren: opt(row.publisherSiren),
    }),
    transaction: compact({
      current: row.priceCurrent,
      initial: row.priceInitial,
      perSquareUnit: opt(row.pricePerSquareMeter),
      history: identifiedHistory(priceHistory),
    }),
  };
}

/** Representation 2.4 with `publisher.siret` (`GET /classifieds/{id}/property`). */
export function classifiedSummaryWithSiret(parts: Omit<ClassifiedParts, "images">): ClassifiedSummaryWithSiret {
  const summary = classifiedSummary(parts);
  return { ...summary, publisher: compact({ ...summary.publisher, siret: opt(parts.classified.publisherSiret) }) };
}

function propertyWithoutClassifieds({ property: row, description, images }: PropertyParts): Omit<Property, "classifieds"> {
  return {
    id: row.id,
    status: statusOf(row),
    description,
    location: locationWithCoordinates(row),
    meta: { firstSeenAt: iso(row.firstSeenAt), lastSeenAt: iso(row.lastSeenAt) },
    property: compact({
      type: propertyTypeOf(row),
      area: opt(row.area),
      bedroomCount: opt(row.bedroomCount),
      roomCount: opt(row.roomCount),
      balconyExists: opt(row.balconyExists),
      terraceExists: opt(row.terraceExists),
      parkingExists: opt(row.parkingExists),
    }),
    media: { images: plainImages(images) },
    energy: compact({
      dpe: energyLabelOf(row.dpeLabel),
      ges: energyLabelOf(row.gesLabel),
    }),
    transaction: {
      type: transactionTypeOf(row),
      price: compact({
        initial: row.priceInitial,
        current: row.priceCurrent,
        perSquareUnit: opt(row.pricePerSquareMeter),
        history: row.priceHistory.map((point) => ({
          id: priceEntryId(row.id, point.timestamp, point.value),
          value: point.value,
          timestamp: iso(new Date(point.timestamp)),
        })),
      }),
    },
  };
}

/** Representation 2.3 with summaries without `publisher.siret`. */
export function propertyRepresentation(parts: PropertyParts): Property {
  return { ...propertyWithoutClassifieds(parts), classifieds: parts.classifieds.map(classifiedSummary) };
}

/** Representation 2.3 with summaries that carry `publisher.siret` (the property of a classified). */
export function propertyWithSirets(parts: PropertyParts): PropertyWithSirets {
  return { ...propertyWithoutClassifieds(parts), classifieds: parts.classifieds.map(classifiedSummaryWithSiret) };
}
