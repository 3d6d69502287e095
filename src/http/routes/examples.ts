/** Request examples for the OpenAPI document (and the README). Synthetic people only. */
export const EXAMPLE_UPLOAD = {
  user_id: 42,
  source: { type: 'gmail', email: 'owner@example.com', name: 'Olga Owner', phone: '+14155550100' },
  entries: [
    {
      name: 'Zoë Müller',
      emails: ['Zoe.Mueller@example.com'],
      phones: ['(415) 555-0123'],
      times_contacted: 12,
      last_message_sent_date: '2026-10-01T09:30:00Z',
      last_message_received_date: 1790000000,
      is_favorite: 1,
      data: { crm_id: 'c-17' },
    },
    { name: 'Ana Silva', email: 'ana@example.org', pinned: 2 },
  ],
  filter_blank_names: 0,
  limit: 50,
};
