/**
 * A row id as the API hands it out (a UUID). An id that is not one is "not found" without asking the database
 * (PostgreSQL would refuse the cast with an error, not a 404).
 */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
