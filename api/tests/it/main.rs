//! The API's integration tests, one binary: each module starts the real app (see `support`)
//! on SQLite and PostgreSQL. One binary, not one per file: each file linked the whole server
//! and compiled the harness again, most of a CI run's test build.

#[macro_use]
mod support;

mod address_lookup;
mod assistant;
mod backup;
mod broker_webhooks;
mod buying_application;
mod case_context;
mod case_page;
mod case_service;
mod cases_access;
mod cases_cancel;
mod cases_create;
mod cases_list;
mod client_ledger;
mod complex_cases;
mod concurrency;
mod conversation;
mod demo_journeys;
mod deposit_checkout;
mod documents;
mod effect_delivery;
mod feed;
mod feedback;
mod help;
mod http_rules;
mod identity_check;
mod invitation_links;
mod invitations;
mod jobs_retry;
mod legal_file;
mod observability;
mod open_banking;
mod operations;
mod own_drafts;
mod purchase_completion;
mod referral_fees;
mod remortgage_client_care;
mod remortgage_completion;
mod remortgaging_application;
mod remortgaging_owners;
mod schema;
mod screening;
mod security_cases;
mod security_input;
mod security_magic_link;
mod security_mailbox;
mod security_proxy;
mod security_server;
mod security_sessions;
mod security_sign_in_mail;
mod sessions;
mod settings;
mod sign_in;
mod source_of_funds;
mod staff;
mod staff_users;
mod timeline;
mod title_register;
mod work_start;
