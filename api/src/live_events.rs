//! Server-sent events that keep an open page live (issue 32): a `changed` event (data `{}`)
//! whenever what the page shows changed, for it to read again through the usual call, which
//! makes every check. Nothing else travels. A comment every 15 seconds keeps proxies from
//! closing the stream; it ends when the server stops.

use std::convert::Infallible;

use axum::response::sse::{Event, KeepAlive, Sse};
use futures::Stream;
use threshold_store::live::{Change, Live};

/// The stream of `wanted` changes from now on.
pub fn changed_events(
    live: &Live,
    wanted: Change,
) -> Sse<impl Stream<Item = Result<Event, Infallible>> + use<>> {
    let changes = futures::stream::unfold(live.subscribe(), move |mut heard| async move {
        heard
            .next(wanted)
            .await
            .map(|()| (Ok(Event::default().event("changed").data("{}")), heard))
    });
    Sse::new(changes).keep_alive(KeepAlive::default())
}
