//! Who is asking, and what the engine makes of them on a case.

use threshold_engine::{Actor, Role};
use threshold_store::UserId;
use threshold_store::cases::Relationship;

/// Who is asking: a signed-in user, or the system (workers, scheduled checks, the CLI).
#[derive(Clone, Debug)]
pub enum Caller {
    User {
        id: UserId,
        role: Role,
        is_lender: bool,
        firm_id: Option<i64>,
    },
    System,
}

impl Caller {
    pub(crate) fn user_id(&self) -> Option<UserId> {
        match self {
            Caller::User { id, .. } => Some(*id),
            Caller::System => None,
        }
    }

    pub(crate) fn role(&self) -> Option<Role> {
        match self {
            Caller::User { role, .. } => Some(*role),
            Caller::System => None,
        }
    }

    /// The engine's actor for this caller on a case they relate to this way.
    pub(crate) fn actor(&self, relationship: Relationship) -> Actor {
        match self {
            Caller::User { is_lender, .. } => Actor {
                user_id: None,
                role: self.role(),
                is_lender: *is_lender,
                is_party: relationship.is_party,
                is_case_admin: relationship.is_case_admin,
                donor_id: None,
            },
            Caller::System => Actor::system(),
        }
    }
}
