import { expect, type APIRequestContext } from '@playwright/test';

/**
 * A ticket the signed-in customer opens through the API, for specs about what comes after (the create form is
 * tested on its own in tickets.spec.ts). Answers the created ticket's id and page URL.
 */
export async function openTicketByApi(
  request: APIRequestContext,
  baseURL: string,
  subject: string,
  description = 'The tunnel drops every hour after the upgrade.',
): Promise<{ id: number; url: string }> {
  const response = await request.post('/api/tickets', {
    headers: { origin: baseURL },
    data: { subject, description, priority: 'P3', type: 'Technical query' },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { ticket } = (await response.json()) as { ticket: { id: number; url: string } };
  return ticket;
}
