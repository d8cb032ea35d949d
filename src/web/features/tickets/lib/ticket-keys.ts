/** Every ticket query starts with this key, so one invalidation refreshes lists and pages. */
export const TICKETS_KEY = ['tickets'] as const;

/** The path of one ticket's API call. */
export const ticketApiPath = (template: string, id: number | string) => template.replace(':id', String(id));
