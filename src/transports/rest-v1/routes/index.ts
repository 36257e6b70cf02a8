import type { Endpoint } from "../endpoint.js";
import { authEndpoint } from "./auth.endpoints.js";
import { classifiedPropertyEndpoint, getClassifiedEndpoint, lookupClassifiedEndpoint } from "./classifieds.endpoints.js";
import { getPropertyEndpoint, lookupPropertyEndpoint, propertyClassifiedsEndpoint } from "./properties.endpoints.js";
import { searchPropertiesEndpoint } from "./search.endpoint.js";

/** Every v1 operation, in the order of the documentation. */
export const V1_ENDPOINTS: readonly Endpoint[] = [
  authEndpoint,
  getClassifiedEndpoint,
  lookupClassifiedEndpoint,
  classifiedPropertyEndpoint,
  getPropertyEndpoint,
  propertyClassifiedsEndpoint,
  lookupPropertyEndpoint,
  searchPropertiesEndpoint,
];
