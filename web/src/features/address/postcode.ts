/** A UK postcode as typed (outward code, then a digit and two letters; the space optional). */
export const UK_POSTCODE = /^[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}$/i;
