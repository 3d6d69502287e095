/**
 * Generated from Kith's /v0/openapi.json by openapi-typescript (client/generate.ts). Do not edit by hand:
 * run `npx tsx client/generate.ts` after changing a route schema.
 */

export interface paths {
    "/invites-accepted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Record accepted invites */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "entries": [
                     *         {
                     *           "email": "ana@example.org",
                     *           "new_user_id": 77,
                     *           "name": "Ana Silva",
                     *           "accepted_at": 1793520000,
                     *           "user_id": 42
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        entries: {
                            accepted_at?: (string | number) | (never | null);
                            /** @description Also read (named in meta.warnings): an object holding the address in value, address or email (Google People, Apple, SDKs) */
                            email?: string | null;
                            /** @description Also read (named in meta.warnings): an object holding the address in value, address or email (Google People, Apple, SDKs), as items; a single string or object instead of a list. A comma list in a string is split */
                            emails?: (string | null)[] | null;
                            name?: string | null;
                            new_user_id?: (string | number) | (never | null);
                            /** @description E.164 recommended. Also read (named in meta.warnings): a whole JSON number (its digits: it cannot keep a leading + or 0), an object holding the number in canonicalForm, value, number, phone or digits (one labelled fax, pager, assistant or company main is left out) */
                            phone?: string | null;
                            /** @description E.164 recommended. Also read (named in meta.warnings): a whole JSON number (its digits: it cannot keep a leading + or 0), an object holding the number in canonicalForm, value, number, phone or digits (one labelled fax, pager, assistant or company main is left out), as items; a single value instead of a list */
                            phones?: (string | null)[] | null;
                            user_id?: (string | number) | (never | null);
                        }[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            meta: {
                                /** @description Processing time, seconds */
                                time: number;
                                /** @description What the answer must say about the request beyond its data: a body that was not valid UTF-8 (field "body") */
                                warnings?: {
                                    count: number;
                                    did_you_mean?: string;
                                    /** @description emial, source.emial or entries[].emial; a query option (limt); body */
                                    field: string;
                                    /** @description The first few entries holding it */
                                    indexes?: number[];
                                    message: string;
                                }[];
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description An error: 400 invalid_request / invalid_json (details name the fields), 401 unauthorized, 403 forbidden, 404 not_found / address_book_not_found, 405 method_not_allowed, 409 conflict / address_book_deleted, 413 payload_too_large, 415 unsupported_media_type, 429 rate_limited and 503 service_unavailable (both with Retry-After), 500 internal_error. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/invites-sent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Record invites sent */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "entries": [
                     *         {
                     *           "user_id": 42,
                     *           "email": "ana@example.org",
                     *           "invitee_name": "Ana Silva",
                     *           "sent_at": "2026-11-01T10:00:00+01:00"
                     *         },
                     *         {
                     *           "user_id": 42,
                     *           "phone": "+14155550123"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        entries: {
                            /** @description Also read (named in meta.warnings): an object holding the address in value, address or email (Google People, Apple, SDKs) */
                            email?: string | null;
                            /** @description Also read (named in meta.warnings): an object holding the address in value, address or email (Google People, Apple, SDKs), as items; a single string or object instead of a list. A comma list in a string is split */
                            emails?: (string | null)[] | null;
                            invitee_name?: string | null;
                            /** @description E.164 recommended. Also read (named in meta.warnings): a whole JSON number (its digits: it cannot keep a leading + or 0), an object holding the number in canonicalForm, value, number, phone or digits (one labelled fax, pager, assistant or company main is left out) */
                            phone?: string | null;
                            /** @description E.164 recommended. Also read (named in meta.warnings): a whole JSON number (its digits: it cannot keep a leading + or 0), an object holding the number in canonicalForm, value, number, phone or digits (one labelled fax, pager, assistant or company main is left out), as items; a single value instead of a list */
                            phones?: (string | null)[] | null;
                            sent_at?: (string | number) | (never | null);
                            /** @description Your id of the user; a number is returned as a string */
                            user_id: string | number;
                        }[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            meta: {
                                /** @description Processing time, seconds */
                                time: number;
                                /** @description What the answer must say about the request beyond its data: a body that was not valid UTF-8 (field "body") */
                                warnings?: {
                                    count: number;
                                    did_you_mean?: string;
                                    /** @description emial, source.emial or entries[].emial; a query option (limt); body */
                                    field: string;
                                    /** @description The first few entries holding it */
                                    indexes?: number[];
                                    message: string;
                                }[];
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description An error: 400 invalid_request / invalid_json (details name the fields), 401 unauthorized, 403 forbidden, 404 not_found / address_book_not_found, 405 method_not_allowed, 409 conflict / address_book_deleted, 413 payload_too_large, 415 unsupported_media_type, 429 rate_limited and 503 service_unavailable (both with Retry-After), 500 internal_error. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v0/address-book": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the client key's own user's book (client key only)
         * @description The same answer as GET /v0/address-book/{user_id}, for the user the client key acts for. With the secret key, name the user in the path.
         */
        get: {
            parameters: {
                query?: {
                    /** @example 1 */
                    explain?: string;
                    /** @example 1 */
                    filter_blank_names?: string;
                    /** @example 0 */
                    filter_existing_users?: string;
                    /** @example 1 */
                    filter_invites_sent?: string;
                    /** @example 1 */
                    filter_suggested_seen?: string;
                    /** @example 1 */
                    include_left_out?: string;
                    /** @example 10 */
                    limit?: string;
                    /** @example 0 */
                    promote_existing_users?: string;
                    /** @example example.com */
                    promote_matching_domain?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                data: {
                                    [key: string]: unknown;
                                };
                                email: string | null;
                                emails: string[];
                                /** @description Per-signal contributions (explain=1) */
                                explain?: {
                                    [key: string]: number;
                                };
                                name: string | null;
                                phone: string | null;
                                phones: string[];
                                rank: number;
                                score: number;
                                /** @description Only on a person kept because the owner wrote to, starred or pinned them, with nothing usable to invite */
                                unusable?: {
                                    /** @description The e-mail strings as written */
                                    emails: string[];
                                    /** @description The numbers as written that none can call (a service code, a date) */
                                    phones?: string[];
                                    /** @description invalid (its e-mails are no addresses) or nothing_to_invite */
                                    reason: string;
                                };
                            }[];
                            meta: {
                                app_name: string;
                                /** @description What cleaning did: of this upload (POST) or of the whole book (GET) */
                                cleaning?: {
                                    /** @description POST with a list: people in the whole book */
                                    book_contacts?: number;
                                    /** @description People in the list made of these entries */
                                    contacts: number;
                                    entries_read: number;
                                    /** @description Of contacts, those kept on the owner's evidence with nothing usable */
                                    kept_without_address: number;
                                    /** @description entries_read + people_from_lists = contacts + merged + left_out */
                                    left_out: number;
                                    left_out_by_reason: {
                                        [key: string]: number;
                                    };
                                    /** @description People named by entries listing several people (a pasted To: line) that are left out, by reason, beyond the one person each such entry is counted with (so a list whose every person is left out counts here with all but one, its entry being in left_out): outside the sum of left_out. Present only when there are any */
                                    list_people_left_out?: {
                                        [key: string]: number;
                                    };
                                    /** @description Entries merged into another entry's person */
                                    merged: number;
                                    /** @description Of contacts, the people beyond the first that entries listing several people gave (an e-mail field holding "Doe, Jane <jane@x>, Roe, Rick <rick@y>"; each such entry is one entry read). Present only when not 0 */
                                    people_from_lists?: number;
                                };
                                docs?: string;
                                exception_matching_email_domain?: boolean;
                                help?: string;
                                /** @description With include_left_out=1 */
                                left_out_entries?: {
                                    /** @description The upload (GET) */
                                    batch_id?: string;
                                    /** @description Index of the entry in its upload */
                                    index: number;
                                    reason: string;
                                }[];
                                /** @description With include_left_out=1, when there are any: each person counted in cleaning.list_people_left_out, with the index of the entry that named them and the reason */
                                left_out_list_people?: {
                                    /** @description The upload (GET) */
                                    batch_id?: string;
                                    /** @description Index of the entry in its upload */
                                    index: number;
                                    reason: string;
                                }[];
                                time: number;
                                total_count?: number;
                                user_id: string;
                                /** @description What the answer must say about the request beyond its data: unknown fields (accepted, ignored, with a did-you-mean), query options the endpoint does not read (unknown, misspelt, or of no effect there: named, never refused), a body that was not valid UTF-8 (field "body"), for a file upload cards not read whole (field "body"), and a ranking made without other users' books because the part of the database holding them did not answer (field "weights": only for an app whose learned weights use them) */
                                warnings?: {
                                    count: number;
                                    did_you_mean?: string;
                                    /** @description emial, source.emial or entries[].emial; a query option (limt); body */
                                    field: string;
                                    /** @description The first few entries holding it */
                                    indexes?: number[];
                                    message: string;
                                }[];
                            };
                        };
                    };
                };
                /** @description An error: 400 invalid_request / invalid_json (details name the fields), 401 unauthorized, 403 forbidden, 404 not_found / address_book_not_found, 405 method_not_allowed, 409 conflict / address_book_deleted, 413 payload_too_large, 415 unsupported_media_type, 429 rate_limited and 503 service_unavailable (both with Retry-After), 500 internal_error. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Upload an address book and get the ranked list
         * @description Merges the entries into the stored book of user_id (several sources and batches merge into one book), then returns the cleaned, deduplicated, ranked list. With backfill=1 the list is not returned (fastest path for bulk loads).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "user_id": 42,
                     *       "source": {
                     *         "type": "gmail",
                     *         "email": "owner@example.com",
                     *         "name": "Olga Owner",
                     *         "phone": "+14155550100"
                     *       },
                     *       "entries": [
                     *         {
                     *           "name": "Zoë Müller",
                     *           "emails": [
                     *             "Zoe.Mueller@example.com"
                     *           ],
                     *           "phones": [
                     *             "(415) 555-0123"
                     *           ],
                     *           "times_contacted": 12,
                     *           "last_message_sent_date": "2026-10-01T09:30:00Z",
                     *           "last_message_received_date": 1790000000,
                     *           "is_favorite": 1,
                     *           "data": {
                     *             "crm_id": "c-17"
                     *           }
                     *         },
                     *         {
                     *           "name": "Ana Silva",
                     *           "email": "ana@example.org",
                     *           "pinned": 2
                     *         }
                     *       ],
                     *       "filter_blank_names": 0,
                     *       "limit": 50
                     *     }
                     */
                    "application/json": {
                        backfill?: (number | boolean | string) | (never | null);
                        entries: {
                            addresses?: {
                                city?: string | null;
                                country?: string | null;
                                po_box?: string | null;
                                postal_code?: string | null;
                                state?: string | null;
                                street?: string | null;
                                type?: string | null;
                            }[] | null;
                            company?: string | null;
                            /** @description Your attributes; returned untouched */
                            data?: {
                                [key: string]: unknown;
                            } | null;
                            /** @description Also read (named in meta.warnings): an object holding the address in value, address or email (Google People, Apple, SDKs) */
                            email?: string | null;
                            /** @description Also read (named in meta.warnings): an object holding the address in value, address or email (Google People, Apple, SDKs), as items; a single string or object instead of a list. A comma list in a string is split */
                            emails?: (string | null)[] | null;
                            ims?: {
                                name: string;
                                protocol?: string | null;
                                type?: string | null;
                            }[] | null;
                            is_favorite?: (number | boolean | string) | (never | null);
                            last_message_received_date?: (string | number) | (never | null);
                            last_message_sent_date?: (string | number) | (never | null);
                            /** @description When absent (or blank), read from display_name/displayName, full_name/fullName, Google People names[], or first_name, middle_name, last_name (also given_name/family_name, firstName/lastName, surname), named in meta.warnings; never overridden. An object of those parts is read too */
                            name?: string | null;
                            nickname?: string | null;
                            /** @description E.164 recommended. Also read (named in meta.warnings): a whole JSON number (its digits: it cannot keep a leading + or 0), an object holding the number in canonicalForm, value, number, phone or digits (one labelled fax, pager, assistant or company main is left out) */
                            phone?: string | null;
                            /** @description E.164 recommended. Also read (named in meta.warnings): a whole JSON number (its digits: it cannot keep a leading + or 0), an object holding the number in canonicalForm, value, number, phone or digits (one labelled fax, pager, assistant or company main is left out), as items; a single value instead of a list */
                            phones?: (string | null)[] | null;
                            photos?: (string | null)[] | null;
                            /** @description Any integer; true/false and an integer written as a string ("2") are read, named in meta.warnings */
                            pinned?: number | null;
                            /** @description A number written as a string ("3") is read as that number, named in meta.warnings */
                            times_contacted?: number | null;
                            title?: string | null;
                            websites?: {
                                type: string;
                                url: string;
                            }[] | null;
                        }[];
                        explain?: (number | boolean | string) | (never | null);
                        filter_blank_names?: (number | boolean | string) | (never | null);
                        filter_existing_users?: (number | boolean | string) | (never | null);
                        filter_invites_sent?: (number | boolean | string) | (never | null);
                        filter_suggested_seen?: (number | boolean | string) | (never | null);
                        include_left_out?: (number | boolean | string) | (never | null);
                        limit?: (number | string) | (never | null);
                        promote_existing_users?: (number | boolean | string) | (never | null);
                        promote_matching_domain?: (number | boolean | string) | (never | null);
                        replace_source?: (number | boolean | string) | (never | null);
                        /** @description The account that provides the address book */
                        source: {
                            email?: string | null;
                            name?: string | null;
                            phone?: string | null;
                            /** @description ISO 3166 country (e.g. MX) whose plan the upload's numbers without a country code are read in when `phone` gives no country; default: the server's KITH_DEFAULT_REGION */
                            region?: string | null;
                            /** @description ios, gmail or android (google is read as gmail) */
                            type?: string | null;
                        } & {
                            [key: string]: string | number | boolean | (never | null);
                        };
                        /** @description Your id of the user; a number is returned as a string */
                        user_id: string | number;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            batch_id: string;
                            data?: {
                                data: {
                                    [key: string]: unknown;
                                };
                                email: string | null;
                                emails: string[];
                                /** @description Per-signal contributions (explain=1) */
                                explain?: {
                                    [key: string]: number;
                                };
                                name: string | null;
                                phone: string | null;
                                phones: string[];
                                rank: number;
                                score: number;
                                /** @description Only on a person kept because the owner wrote to, starred or pinned them, with nothing usable to invite */
                                unusable?: {
                                    /** @description The e-mail strings as written */
                                    emails: string[];
                                    /** @description The numbers as written that none can call (a service code, a date) */
                                    phones?: string[];
                                    /** @description invalid (its e-mails are no addresses) or nothing_to_invite */
                                    reason: string;
                                };
                            }[];
                            message: string;
                            meta: {
                                app_name: string;
                                /** @description What cleaning did: of this upload (POST) or of the whole book (GET) */
                                cleaning?: {
                                    /** @description POST with a list: people in the whole book */
                                    book_contacts?: number;
                                    /** @description People in the list made of these entries */
                                    contacts: number;
                                    entries_read: number;
                                    /** @description Of contacts, those kept on the owner's evidence with nothing usable */
                                    kept_without_address: number;
                                    /** @description entries_read + people_from_lists = contacts + merged + left_out */
                                    left_out: number;
                                    left_out_by_reason: {
                                        [key: string]: number;
                                    };
                                    /** @description People named by entries listing several people (a pasted To: line) that are left out, by reason, beyond the one person each such entry is counted with (so a list whose every person is left out counts here with all but one, its entry being in left_out): outside the sum of left_out. Present only when there are any */
                                    list_people_left_out?: {
                                        [key: string]: number;
                                    };
                                    /** @description Entries merged into another entry's person */
                                    merged: number;
                                    /** @description Of contacts, the people beyond the first that entries listing several people gave (an e-mail field holding "Doe, Jane <jane@x>, Roe, Rick <rick@y>"; each such entry is one entry read). Present only when not 0 */
                                    people_from_lists?: number;
                                };
                                docs?: string;
                                exception_matching_email_domain?: boolean;
                                help?: string;
                                /** @description With include_left_out=1 */
                                left_out_entries?: {
                                    /** @description The upload (GET) */
                                    batch_id?: string;
                                    /** @description Index of the entry in its upload */
                                    index: number;
                                    reason: string;
                                }[];
                                /** @description With include_left_out=1, when there are any: each person counted in cleaning.list_people_left_out, with the index of the entry that named them and the reason */
                                left_out_list_people?: {
                                    /** @description The upload (GET) */
                                    batch_id?: string;
                                    /** @description Index of the entry in its upload */
                                    index: number;
                                    reason: string;
                                }[];
                                time: number;
                                total_count?: number;
                                user_id: string;
                                /** @description What the answer must say about the request beyond its data: unknown fields (accepted, ignored, with a did-you-mean), query options the endpoint does not read (unknown, misspelt, or of no effect there: named, never refused), a body that was not valid UTF-8 (field "body"), for a file upload cards not read whole (field "body"), and a ranking made without other users' books because the part of the database holding them did not answer (field "weights": only for an app whose learned weights use them) */
                                warnings?: {
                                    count: number;
                                    did_you_mean?: string;
                                    /** @description emial, source.emial or entries[].emial; a query option (limt); body */
                                    field: string;
                                    /** @description The first few entries holding it */
                                    indexes?: number[];
                                    message: string;
                                }[];
                            };
                        };
                    };
                };
                /** @description An error: 400 invalid_request / invalid_json (details name the fields), 401 unauthorized, 403 forbidden, 404 not_found / address_book_not_found, 405 method_not_allowed, 409 conflict / address_book_deleted, 413 payload_too_large, 415 unsupported_media_type, 429 rate_limited and 503 service_unavailable (both with Retry-After), 500 internal_error. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v0/address-book-file": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload a vCard or contacts CSV file as an address book
         * @description The body is the file's bytes (Content-Type text/plain, text/vcard or text/csv; or multipart/form-data with one file part, as a browser form sends it). A CSV may be a Google Contacts, Outlook, Thunderbird or LinkedIn export, or any CSV whose header names contact columns, delimited by a comma, a semicolon or a tab. With a client key the book is the key's user's; with the secret key, name the user with ?user_id=. The options of POST /v0/address-book (limit, explain, include_left_out, the filters and promotions, backfill) are query parameters. Answers as POST /v0/address-book does.
         */
        post: {
            parameters: {
                query?: {
                    /**
                     * @description 1: store without answering the list (as in POST /v0/address-book)
                     * @example 0
                     */
                    backfill?: string;
                    /** @example 1 */
                    explain?: string;
                    /** @example 1 */
                    filter_blank_names?: string;
                    /** @example 0 */
                    filter_existing_users?: string;
                    /** @example 1 */
                    filter_invites_sent?: string;
                    /** @example 1 */
                    filter_suggested_seen?: string;
                    /**
                     * @description vcard, csv or ldif (tsv is read as csv; default: guessed from the text)
                     * @example vcard
                     */
                    format?: string;
                    /** @example 1 */
                    include_left_out?: string;
                    /** @example 10 */
                    limit?: string;
                    /** @example 0 */
                    promote_existing_users?: string;
                    /** @example example.com */
                    promote_matching_domain?: string;
                    /**
                     * @description ISO 3166 country (e.g. MX) whose plan the file's numbers without a country code are read in; default: the country of the owner's phone of the user's stored uploads, else the server's KITH_DEFAULT_REGION
                     * @example MX
                     */
                    region?: string;
                    /** @example 42 */
                    user_id?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            batch_id: string;
                            data?: {
                                data: {
                                    [key: string]: unknown;
                                };
                                email: string | null;
                                emails: string[];
                                /** @description Per-signal contributions (explain=1) */
                                explain?: {
                                    [key: string]: number;
                                };
                                name: string | null;
                                phone: string | null;
                                phones: string[];
                                rank: number;
                                score: number;
                                /** @description Only on a person kept because the owner wrote to, starred or pinned them, with nothing usable to invite */
                                unusable?: {
                                    /** @description The e-mail strings as written */
                                    emails: string[];
                                    /** @description The numbers as written that none can call (a service code, a date) */
                                    phones?: string[];
                                    /** @description invalid (its e-mails are no addresses) or nothing_to_invite */
                                    reason: string;
                                };
                            }[];
                            message: string;
                            meta: {
                                app_name: string;
                                /** @description What cleaning did: of this upload (POST) or of the whole book (GET) */
                                cleaning?: {
                                    /** @description POST with a list: people in the whole book */
                                    book_contacts?: number;
                                    /** @description People in the list made of these entries */
                                    contacts: number;
                                    entries_read: number;
                                    /** @description Of contacts, those kept on the owner's evidence with nothing usable */
                                    kept_without_address: number;
                                    /** @description entries_read + people_from_lists = contacts + merged + left_out */
                                    left_out: number;
                                    left_out_by_reason: {
                                        [key: string]: number;
                                    };
                                    /** @description People named by entries listing several people (a pasted To: line) that are left out, by reason, beyond the one person each such entry is counted with (so a list whose every person is left out counts here with all but one, its entry being in left_out): outside the sum of left_out. Present only when there are any */
                                    list_people_left_out?: {
                                        [key: string]: number;
                                    };
                                    /** @description Entries merged into another entry's person */
                                    merged: number;
                                    /** @description Of contacts, the people beyond the first that entries listing several people gave (an e-mail field holding "Doe, Jane <jane@x>, Roe, Rick <rick@y>"; each such entry is one entry read). Present only when not 0 */
                                    people_from_lists?: number;
                                };
                                docs?: string;
                                exception_matching_email_domain?: boolean;
                                help?: string;
                                /** @description With include_left_out=1 */
                                left_out_entries?: {
                                    /** @description The upload (GET) */
                                    batch_id?: string;
                                    /** @description Index of the entry in its upload */
                                    index: number;
                                    reason: string;
                                }[];
                                /** @description With include_left_out=1, when there are any: each person counted in cleaning.list_people_left_out, with the index of the entry that named them and the reason */
                                left_out_list_people?: {
                                    /** @description The upload (GET) */
                                    batch_id?: string;
                                    /** @description Index of the entry in its upload */
                                    index: number;
                                    reason: string;
                                }[];
                                time: number;
                                total_count?: number;
                                user_id: string;
                                /** @description What the answer must say about the request beyond its data: unknown fields (accepted, ignored, with a did-you-mean), query options the endpoint does not read (unknown, misspelt, or of no effect there: named, never refused), a body that was not valid UTF-8 (field "body"), for a file upload cards not read whole (field "body"), and a ranking made without other users' books because the part of the database holding them did not answer (field "weights": only for an app whose learned weights use them) */
                                warnings?: {
                                    count: number;
                                    did_you_mean?: string;
                                    /** @description emial, source.emial or entries[].emial; a query option (limt); body */
                                    field: string;
                                    /** @description The first few entries holding it */
                                    indexes?: number[];
                                    message: string;
                                }[];
                            };
                        };
                    };
                };
                /** @description An error: 400 invalid_request / invalid_json (details name the fields), 401 unauthorized, 403 forbidden, 404 not_found / address_book_not_found, 405 method_not_allowed, 409 conflict / address_book_deleted, 413 payload_too_large, 415 unsupported_media_type, 429 rate_limited and 503 service_unavailable (both with Retry-After), 500 internal_error. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v0/address-book/{user_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read the stored address book, cleaned, merged and ranked */
        get: {
            parameters: {
                query?: {
                    /** @example 1 */
                    explain?: string;
                    /** @example 1 */
                    filter_blank_names?: string;
                    /** @example 0 */
                    filter_existing_users?: string;
                    /** @example 1 */
                    filter_invites_sent?: string;
                    /** @example 1 */
                    filter_suggested_seen?: string;
                    /** @example 1 */
                    include_left_out?: string;
                    /** @example 10 */
                    limit?: string;
                    /** @example 0 */
                    promote_existing_users?: string;
                    /** @example example.com */
                    promote_matching_domain?: string;
                };
                header?: never;
                path: {
                    /** @example 42 */
                    user_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                data: {
                                    [key: string]: unknown;
                                };
                                email: string | null;
                                emails: string[];
                                /** @description Per-signal contributions (explain=1) */
                                explain?: {
                                    [key: string]: number;
                                };
                                name: string | null;
                                phone: string | null;
                                phones: string[];
                                rank: number;
                                score: number;
                                /** @description Only on a person kept because the owner wrote to, starred or pinned them, with nothing usable to invite */
                                unusable?: {
                                    /** @description The e-mail strings as written */
                                    emails: string[];
                                    /** @description The numbers as written that none can call (a service code, a date) */
                                    phones?: string[];
                                    /** @description invalid (its e-mails are no addresses) or nothing_to_invite */
                                    reason: string;
                                };
                            }[];
                            meta: {
                                app_name: string;
                                /** @description What cleaning did: of this upload (POST) or of the whole book (GET) */
                                cleaning?: {
                                    /** @description POST with a list: people in the whole book */
                                    book_contacts?: number;
                                    /** @description People in the list made of these entries */
                                    contacts: number;
                                    entries_read: number;
                                    /** @description Of contacts, those kept on the owner's evidence with nothing usable */
                                    kept_without_address: number;
                                    /** @description entries_read + people_from_lists = contacts + merged + left_out */
                                    left_out: number;
                                    left_out_by_reason: {
                                        [key: string]: number;
                                    };
                                    /** @description People named by entries listing several people (a pasted To: line) that are left out, by reason, beyond the one person each such entry is counted with (so a list whose every person is left out counts here with all but one, its entry being in left_out): outside the sum of left_out. Present only when there are any */
                                    list_people_left_out?: {
                                        [key: string]: number;
                                    };
                                    /** @description Entries merged into another entry's person */
                                    merged: number;
                                    /** @description Of contacts, the people beyond the first that entries listing several people gave (an e-mail field holding "Doe, Jane <jane@x>, Roe, Rick <rick@y>"; each such entry is one entry read). Present only when not 0 */
                                    people_from_lists?: number;
                                };
                                docs?: string;
                                exception_matching_email_domain?: boolean;
                                help?: string;
                                /** @description With include_left_out=1 */
                                left_out_entries?: {
                                    /** @description The upload (GET) */
                                    batch_id?: string;
                                    /** @description Index of the entry in its upload */
                                    index: number;
                                    reason: string;
                                }[];
                                /** @description With include_left_out=1, when there are any: each person counted in cleaning.list_people_left_out, with the index of the entry that named them and the reason */
                                left_out_list_people?: {
                                    /** @description The upload (GET) */
                                    batch_id?: string;
                                    /** @description Index of the entry in its upload */
                                    index: number;
                                    reason: string;
                                }[];
                                time: number;
                                total_count?: number;
                                user_id: string;
                                /** @description What the answer must say about the request beyond its data: unknown fields (accepted, ignored, with a did-you-mean), query options the endpoint does not read (unknown, misspelt, or of no effect there: named, never refused), a body that was not valid UTF-8 (field "body"), for a file upload cards not read whole (field "body"), and a ranking made without other users' books because the part of the database holding them did not answer (field "weights": only for an app whose learned weights use them) */
                                warnings?: {
                                    count: number;
                                    did_you_mean?: string;
                                    /** @description emial, source.emial or entries[].emial; a query option (limt); body */
                                    field: string;
                                    /** @description The first few entries holding it */
                                    indexes?: number[];
                                    message: string;
                                }[];
                            };
                        };
                    };
                };
                /** @description An error: 400 invalid_request / invalid_json (details name the fields), 401 unauthorized, 403 forbidden, 404 not_found / address_book_not_found, 405 method_not_allowed, 409 conflict / address_book_deleted, 413 payload_too_large, 415 unsupported_media_type, 429 rate_limited and 503 service_unavailable (both with Retry-After), 500 internal_error. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /** Delete everything stored for the user */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @example 42 */
                    user_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            meta: {
                                /** @description Processing time, seconds */
                                time: number;
                                /** @description What the answer must say about the request beyond its data: a body that was not valid UTF-8 (field "body") */
                                warnings?: {
                                    count: number;
                                    did_you_mean?: string;
                                    /** @description emial, source.emial or entries[].emial; a query option (limt); body */
                                    field: string;
                                    /** @description The first few entries holding it */
                                    indexes?: number[];
                                    message: string;
                                }[];
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description An error: 400 invalid_request / invalid_json (details name the fields), 401 unauthorized, 403 forbidden, 404 not_found / address_book_not_found, 405 method_not_allowed, 409 conflict / address_book_deleted, 413 payload_too_large, 415 unsupported_media_type, 429 rate_limited and 503 service_unavailable (both with Retry-After), 500 internal_error. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v0/address-books": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Users with a stored address book */
        get: {
            parameters: {
                query?: {
                    /**
                     * @description Rows per page, 1 to 1000 (default 100)
                     * @example 100
                     */
                    batch_size?: string;
                    /**
                     * @description Page number, from 1 (default 1)
                     * @example 1
                     */
                    page?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @description Entries stored, all uploads together (before merging) */
                                entries: number;
                                /** Format: date-time */
                                last_upload: string;
                                user_id: string;
                            }[];
                            meta: {
                                batch_size: number;
                                page: number;
                                time: number;
                                /** @description Rows on all pages */
                                total_count: number;
                            };
                        };
                    };
                };
                /** @description An error: 400 invalid_request / invalid_json (details name the fields), 401 unauthorized, 403 forbidden, 404 not_found / address_book_not_found, 405 method_not_allowed, 409 conflict / address_book_deleted, 413 payload_too_large, 415 unsupported_media_type, 429 rate_limited and 503 service_unavailable (both with Retry-After), 500 internal_error. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v0/alias": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Declare that several e-mail addresses are one person
         * @description From then on every address book of the app (GET and POST, every user) merges the contacts holding any of these addresses into one. Groups that share an address become one group.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "emails": [
                     *         "ana@example.org",
                     *         "ana.silva@work.example"
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @description Two or more addresses of one person */
                        emails: string[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @description Every address now known as this person (normalised) */
                                emails: string[];
                            };
                            message: string;
                            meta: {
                                time: number;
                                /** @description Fields of the body this endpoint does not read (ignored), with a did-you-mean */
                                warnings?: {
                                    count: number;
                                    did_you_mean?: string;
                                    /** @description emial, source.emial or entries[].emial; a query option (limt); body */
                                    field: string;
                                    /** @description The first few entries holding it */
                                    indexes?: number[];
                                    message: string;
                                }[];
                            };
                        };
                    };
                };
                /** @description An error: 400 invalid_request / invalid_json (details name the fields), 401 unauthorized, 403 forbidden, 404 not_found / address_book_not_found, 405 method_not_allowed, 409 conflict / address_book_deleted, 413 payload_too_large, 415 unsupported_media_type, 429 rate_limited and 503 service_unavailable (both with Retry-After), 500 internal_error. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v0/client-key": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mint a client key for one user (secret key only)
         * @description The key acts only for user_id: it reads and writes that user's address book, records suggestions seen and invites sent for them, and calls /v0/test. Everything else answers 403. It expires after ttl_seconds when given (60 s to 30 days), else KITH_CLIENT_KEY_TTL_SECONDS, and can be revoked (kith client-keys revoke).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "user_id": "42"
                     *     }
                     */
                    "application/json": {
                        /** @description The key's lifetime in seconds (60 to 30 days); KITH_CLIENT_KEY_TTL_SECONDS when not given */
                        ttl_seconds?: number;
                        /** @description Your id of the user; a number is returned as a string */
                        user_id: string | number;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Shown once. Send it as "Authorization: Bearer <client_key>" from the browser or phone. */
                            client_key: string;
                            /** Format: date-time */
                            expires_at: string;
                            meta: {
                                app_name: string;
                                env: string;
                                time: number;
                                /** @description Fields of the body this endpoint does not read (ignored), with a did-you-mean */
                                warnings?: {
                                    count: number;
                                    did_you_mean?: string;
                                    /** @description emial, source.emial or entries[].emial; a query option (limt); body */
                                    field: string;
                                    /** @description The first few entries holding it */
                                    indexes?: number[];
                                    message: string;
                                }[];
                            };
                            user_id: string;
                        };
                    };
                };
                /** @description An error: 400 invalid_request / invalid_json (details name the fields), 401 unauthorized, 403 forbidden, 404 not_found / address_book_not_found, 405 method_not_allowed, 409 conflict / address_book_deleted, 413 payload_too_large, 415 unsupported_media_type, 429 rate_limited and 503 service_unavailable (both with Retry-After), 500 internal_error. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v0/domain-emails/{domain}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * People at a domain across the app's address books
         * @description Each address at the domain held by any book of the app, with a name when the app gave one, most widely known first.
         */
        get: {
            parameters: {
                query?: {
                    /**
                     * @description Rows per page, 1 to 1000 (default 100)
                     * @example 100
                     */
                    batch_size?: string;
                    /**
                     * @description Page number, from 1 (default 1)
                     * @example 1
                     */
                    page?: string;
                };
                header?: never;
                path: {
                    /** @example example.org */
                    domain: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @description Address books of the app that hold it */
                                books: number;
                                /** @description The address as matched (normalised) */
                                email: string;
                                /** @description A name the app gave for it (users, invites), when known */
                                name: string | null;
                            }[];
                            meta: {
                                batch_size: number;
                                domain: string;
                                page: number;
                                time: number;
                                /** @description Rows on all pages */
                                total_count: number;
                            };
                        };
                    };
                };
                /** @description An error: 400 invalid_request / invalid_json (details name the fields), 401 unauthorized, 403 forbidden, 404 not_found / address_book_not_found, 405 method_not_allowed, 409 conflict / address_book_deleted, 413 payload_too_large, 415 unsupported_media_type, 429 rate_limited and 503 service_unavailable (both with Retry-After), 500 internal_error. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v0/invites-accepted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Record accepted invites */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "entries": [
                     *         {
                     *           "email": "ana@example.org",
                     *           "new_user_id": 77,
                     *           "name": "Ana Silva",
                     *           "accepted_at": 1793520000,
                     *           "user_id": 42
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        entries: {
                            accepted_at?: (string | number) | (never | null);
                            /** @description Also read (named in meta.warnings): an object holding the address in value, address or email (Google People, Apple, SDKs) */
                            email?: string | null;
                            /** @description Also read (named in meta.warnings): an object holding the address in value, address or email (Google People, Apple, SDKs), as items; a single string or object instead of a list. A comma list in a string is split */
                            emails?: (string | null)[] | null;
                            name?: string | null;
                            new_user_id?: (string | number) | (never | null);
                            /** @description E.164 recommended. Also read (named in meta.warnings): a whole JSON number (its digits: it cannot keep a leading + or 0), an object holding the number in canonicalForm, value, number, phone or digits (one labelled fax, pager, assistant or company main is left out) */
                            phone?: string | null;
                            /** @description E.164 recommended. Also read (named in meta.warnings): a whole JSON number (its digits: it cannot keep a leading + or 0), an object holding the number in canonicalForm, value, number, phone or digits (one labelled fax, pager, assistant or company main is left out), as items; a single value instead of a list */
                            phones?: (string | null)[] | null;
                            user_id?: (string | number) | (never | null);
                        }[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            meta: {
                                /** @description Processing time, seconds */
                                time: number;
                                /** @description What the answer must say about the request beyond its data: a body that was not valid UTF-8 (field "body") */
                                warnings?: {
                                    count: number;
                                    did_you_mean?: string;
                                    /** @description emial, source.emial or entries[].emial; a query option (limt); body */
                                    field: string;
                                    /** @description The first few entries holding it */
                                    indexes?: number[];
                                    message: string;
                                }[];
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description An error: 400 invalid_request / invalid_json (details name the fields), 401 unauthorized, 403 forbidden, 404 not_found / address_book_not_found, 405 method_not_allowed, 409 conflict / address_book_deleted, 413 payload_too_large, 415 unsupported_media_type, 429 rate_limited and 503 service_unavailable (both with Retry-After), 500 internal_error. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v0/invites-sent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Record invites sent */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "entries": [
                     *         {
                     *           "user_id": 42,
                     *           "email": "ana@example.org",
                     *           "invitee_name": "Ana Silva",
                     *           "sent_at": "2026-11-01T10:00:00+01:00"
                     *         },
                     *         {
                     *           "user_id": 42,
                     *           "phone": "+14155550123"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        entries: {
                            /** @description Also read (named in meta.warnings): an object holding the address in value, address or email (Google People, Apple, SDKs) */
                            email?: string | null;
                            /** @description Also read (named in meta.warnings): an object holding the address in value, address or email (Google People, Apple, SDKs), as items; a single string or object instead of a list. A comma list in a string is split */
                            emails?: (string | null)[] | null;
                            invitee_name?: string | null;
                            /** @description E.164 recommended. Also read (named in meta.warnings): a whole JSON number (its digits: it cannot keep a leading + or 0), an object holding the number in canonicalForm, value, number, phone or digits (one labelled fax, pager, assistant or company main is left out) */
                            phone?: string | null;
                            /** @description E.164 recommended. Also read (named in meta.warnings): a whole JSON number (its digits: it cannot keep a leading + or 0), an object holding the number in canonicalForm, value, number, phone or digits (one labelled fax, pager, assistant or company main is left out), as items; a single value instead of a list */
                            phones?: (string | null)[] | null;
                            sent_at?: (string | number) | (never | null);
                            /** @description Your id of the user; a number is returned as a string */
                            user_id: string | number;
                        }[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            meta: {
                                /** @description Processing time, seconds */
                                time: number;
                                /** @description What the answer must say about the request beyond its data: a body that was not valid UTF-8 (field "body") */
                                warnings?: {
                                    count: number;
                                    did_you_mean?: string;
                                    /** @description emial, source.emial or entries[].emial; a query option (limt); body */
                                    field: string;
                                    /** @description The first few entries holding it */
                                    indexes?: number[];
                                    message: string;
                                }[];
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description An error: 400 invalid_request / invalid_json (details name the fields), 401 unauthorized, 403 forbidden, 404 not_found / address_book_not_found, 405 method_not_allowed, 409 conflict / address_book_deleted, 413 payload_too_large, 415 unsupported_media_type, 429 rate_limited and 503 service_unavailable (both with Retry-After), 500 internal_error. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v0/suggested-seen": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Record contacts shown as suggestions */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "entries": [
                     *         {
                     *           "user_id": 42,
                     *           "name": "Ana Silva",
                     *           "emails": [
                     *             "ana@example.org"
                     *           ],
                     *           "seen_at": "2026-11-02T08:00:00Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        entries: {
                            /** @description Also read (named in meta.warnings): an object holding the address in value, address or email (Google People, Apple, SDKs) */
                            email?: string | null;
                            /** @description Also read (named in meta.warnings): an object holding the address in value, address or email (Google People, Apple, SDKs), as items; a single string or object instead of a list. A comma list in a string is split */
                            emails?: (string | null)[] | null;
                            name?: string | null;
                            /** @description E.164 recommended. Also read (named in meta.warnings): a whole JSON number (its digits: it cannot keep a leading + or 0), an object holding the number in canonicalForm, value, number, phone or digits (one labelled fax, pager, assistant or company main is left out) */
                            phone?: string | null;
                            /** @description E.164 recommended. Also read (named in meta.warnings): a whole JSON number (its digits: it cannot keep a leading + or 0), an object holding the number in canonicalForm, value, number, phone or digits (one labelled fax, pager, assistant or company main is left out), as items; a single value instead of a list */
                            phones?: (string | null)[] | null;
                            seen_at?: (string | number) | (never | null);
                            /** @description Your id of the user; a number is returned as a string */
                            user_id: string | number;
                        }[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            meta: {
                                /** @description Processing time, seconds */
                                time: number;
                                /** @description What the answer must say about the request beyond its data: a body that was not valid UTF-8 (field "body") */
                                warnings?: {
                                    count: number;
                                    did_you_mean?: string;
                                    /** @description emial, source.emial or entries[].emial; a query option (limt); body */
                                    field: string;
                                    /** @description The first few entries holding it */
                                    indexes?: number[];
                                    message: string;
                                }[];
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description An error: 400 invalid_request / invalid_json (details name the fields), 401 unauthorized, 403 forbidden, 404 not_found / address_book_not_found, 405 method_not_allowed, 409 conflict / address_book_deleted, 413 payload_too_large, 415 unsupported_media_type, 429 rate_limited and 503 service_unavailable (both with Retry-After), 500 internal_error. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v0/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Check that the API key is valid */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            meta: {
                                app_name: string;
                                /** @description Where the API reference is. */
                                docs: string;
                                /** @description The key's environment. */
                                env: "test" | "live";
                                help: string;
                                /** @description A client key's user; null for a secret key. */
                                user_id: string | null;
                            };
                        };
                    };
                };
                /** @description An error: 400 invalid_request / invalid_json (details name the fields), 401 unauthorized, 403 forbidden, 404 not_found / address_book_not_found, 405 method_not_allowed, 409 conflict / address_book_deleted, 413 payload_too_large, 415 unsupported_media_type, 429 rate_limited and 503 service_unavailable (both with Retry-After), 500 internal_error. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v0/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Record existing app users */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "entries": [
                     *         {
                     *           "id": 77,
                     *           "name": "Ana Silva",
                     *           "email": "ana@example.org"
                     *         },
                     *         {
                     *           "username": "bob",
                     *           "emails": [
                     *             "bob@example.net"
                     *           ],
                     *           "phones": [
                     *             "+442071838750"
                     *           ]
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        entries: {
                            /** @description Also read (named in meta.warnings): an object holding the address in value, address or email (Google People, Apple, SDKs) */
                            email?: string | null;
                            /** @description Also read (named in meta.warnings): an object holding the address in value, address or email (Google People, Apple, SDKs), as items; a single string or object instead of a list. A comma list in a string is split */
                            emails?: (string | null)[] | null;
                            id?: (string | number) | (never | null);
                            name?: string | null;
                            /** @description E.164 recommended. Also read (named in meta.warnings): a whole JSON number (its digits: it cannot keep a leading + or 0), an object holding the number in canonicalForm, value, number, phone or digits (one labelled fax, pager, assistant or company main is left out) */
                            phone?: string | null;
                            /** @description E.164 recommended. Also read (named in meta.warnings): a whole JSON number (its digits: it cannot keep a leading + or 0), an object holding the number in canonicalForm, value, number, phone or digits (one labelled fax, pager, assistant or company main is left out), as items; a single value instead of a list */
                            phones?: (string | null)[] | null;
                            user_id?: (string | number) | (never | null);
                            username?: string | null;
                        }[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            meta: {
                                /** @description Processing time, seconds */
                                time: number;
                                /** @description What the answer must say about the request beyond its data: a body that was not valid UTF-8 (field "body") */
                                warnings?: {
                                    count: number;
                                    did_you_mean?: string;
                                    /** @description emial, source.emial or entries[].emial; a query option (limt); body */
                                    field: string;
                                    /** @description The first few entries holding it */
                                    indexes?: number[];
                                    message: string;
                                }[];
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description An error: 400 invalid_request / invalid_json (details name the fields), 401 unauthorized, 403 forbidden, 404 not_found / address_book_not_found, 405 method_not_allowed, 409 conflict / address_book_deleted, 413 payload_too_large, 415 unsupported_media_type, 429 rate_limited and 503 service_unavailable (both with Retry-After), 500 internal_error. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v0/users/{user_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Forget an app user */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @example 42 */
                    user_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            meta: {
                                /** @description Processing time, seconds */
                                time: number;
                                /** @description What the answer must say about the request beyond its data: a body that was not valid UTF-8 (field "body") */
                                warnings?: {
                                    count: number;
                                    did_you_mean?: string;
                                    /** @description emial, source.emial or entries[].emial; a query option (limt); body */
                                    field: string;
                                    /** @description The first few entries holding it */
                                    indexes?: number[];
                                    message: string;
                                }[];
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description An error: 400 invalid_request / invalid_json (details name the fields), 401 unauthorized, 403 forbidden, 404 not_found / address_book_not_found, 405 method_not_allowed, 409 conflict / address_book_deleted, 413 payload_too_large, 415 unsupported_media_type, 429 rate_limited and 503 service_unavailable (both with Retry-After), 500 internal_error. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description Every error answer has this shape. */
        Error: {
            /** @description The kind of error; the HTTP status follows from it (docs/api.md, "Errors"). */
            code: "invalid_request" | "invalid_json" | "unauthorized" | "forbidden" | "not_found" | "address_book_not_found" | "method_not_allowed" | "conflict" | "address_book_deleted" | "payload_too_large" | "unsupported_media_type" | "rate_limited" | "internal_error" | "service_unavailable";
            /** @description Invalid input: one item per field at fault (at most 20). */
            details?: {
                /** @description The field at fault (`entries[3].email`, `limit`). */
                field: string;
                message: string;
            }[];
            /** @description What went wrong, in a sentence that names the field when one is at fault. */
            error: string;
            meta: {
                request_id: string;
                /** @description Seconds the server spent. */
                time: number;
            };
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
