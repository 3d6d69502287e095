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

/** Every option of GET /v0/address-book/:user_id, as a query. */
export const EXAMPLE_RANK_QUERY = {
  filter_suggested_seen: '1',
  filter_existing_users: '0',
  filter_invites_sent: '1',
  promote_existing_users: '0',
  promote_matching_domain: 'example.com',
  filter_blank_names: '1',
  limit: '10',
  explain: '1',
  include_left_out: '1',
};

export const EXAMPLE_INVITES_SENT = {
  entries: [
    { user_id: 42, email: 'ana@example.org', invitee_name: 'Ana Silva', sent_at: '2026-11-01T10:00:00+01:00' },
    { user_id: 42, phone: '+14155550123' },
  ],
};

export const EXAMPLE_INVITES_ACCEPTED = { entries: [{ email: 'ana@example.org', new_user_id: 77, name: 'Ana Silva', accepted_at: 1793520000, user_id: 42 }] };

export const EXAMPLE_USERS = {
  entries: [
    { id: 77, name: 'Ana Silva', email: 'ana@example.org' },
    { username: 'bob', emails: ['bob@example.net'], phones: ['+442071838750'] },
  ],
};

export const EXAMPLE_SUGGESTED_SEEN = {
  entries: [{ user_id: 42, name: 'Ana Silva', emails: ['ana@example.org'], seen_at: '2026-11-02T08:00:00Z' }],
};
