import type {
  HeatingSource,
  HeatingSystem,
  HeatingType,
  ListingStatus,
  Orientation,
  PropertyType,
  PublisherType,
  TransactionType,
} from "../../domain/enums.js";

/**
 * One line of an ingest feed as a collector writes it (README, "Ingest format"): plain JSON, not yet
 * normalised. The synthetic generator produces these, written loosely the way portals do (phones with spaces,
 * upper-case energy labels) so that the demo data goes through the same normalisation as real feeds.
 */
export type FeedObservation = {
  source: { domain: string; url: string };
  observedAt: string;
  status: ListingStatus;
  publishedAt?: string;
  title?: string;
  description?: string;
  publisher?: {
    isProfessional: boolean;
    type?: PublisherType;
    name?: string;
    email?: string;
    phone?: string;
    feesUrl?: string;
    siret?: string;
    siren?: string;
  };
  contact?: { name?: string; email?: string; phone?: string; isRefusingSolicitation?: boolean };
  location: {
    postcode: string;
    inseeCode?: string;
    city?: { name: string };
    latitude?: number;
    longitude?: number;
  };
  property: FeedPropertyAttributes;
  energy?: {
    dpe?: { label: string; value: number; date?: string };
    ges?: { label: string; value: number; date?: string };
    heating?: { source?: HeatingSource; system?: HeatingSystem; type?: HeatingType };
  };
  transaction: { type: TransactionType; price: number; isExclusiveMandate?: boolean };
  media?: { images: FeedImage[] };
};

/** The minimal line that ends a listing: its url, when, and `removed`. */
export type FeedRemoval = { source: { url: string }; observedAt: string; status: "removed" };

export type FeedLine = FeedObservation | FeedRemoval;

export type FeedImage = { url: string; perceptualHash: string; differenceHash: string; averageHash: string };

export type FeedPropertyAttributes = {
  type: PropertyType;
  area?: number;
  landArea?: number;
  roomCount?: number;
  bedroomCount?: number;
  bathroomCount?: number;
  showerRoomCount?: number;
  toiletCount?: number;
  floor?: number;
  floorCount?: number;
  constructionYear?: number;
  orientation?: Orientation;
  balconyExists?: boolean;
  balconyArea?: number;
  terraceExists?: boolean;
  terraceArea?: number;
  parkingExists?: boolean;
  cellarExists?: boolean;
  elevatorExists?: boolean;
  gardenExists?: boolean;
  garageExists?: boolean;
  swimmingPoolExists?: boolean;
  fireplaceExists?: boolean;
  caretakerExists?: boolean;
  intercomExists?: boolean;
  isNew?: boolean;
  renovationIsNeeded?: boolean;
  propertyIsProgram?: boolean;
};
