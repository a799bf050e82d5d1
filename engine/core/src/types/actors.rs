//! The roles users hold and the actors who act on a case: who may trigger a transition, who
//! may upload a document, and the user (or the system) asking the engine.

use serde::{Deserialize, Serialize};

/// User roles, spec §3 and §6 (ROLES-01).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum Role {
    #[serde(rename = "ROLE_USER")]
    User,
    #[serde(rename = "ROLE_ADMIN")]
    Admin,
    #[serde(rename = "ROLE_CONVEYANCER")]
    Conveyancer,
    #[serde(rename = "ROLE_BROKER")]
    Broker,
    #[serde(rename = "ROLE_BROKER_MANAGER")]
    BrokerManager,
    #[serde(rename = "ROLE_BROKER_ADMIN")]
    BrokerAdmin,
}

impl Role {
    pub const ALL: [Role; 6] = [
        Role::User,
        Role::Admin,
        Role::Conveyancer,
        Role::Broker,
        Role::BrokerManager,
        Role::BrokerAdmin,
    ];

    /// The stored name, as the API writes it.
    pub fn as_str(self) -> &'static str {
        match self {
            Role::User => "ROLE_USER",
            Role::Admin => "ROLE_ADMIN",
            Role::Conveyancer => "ROLE_CONVEYANCER",
            Role::Broker => "ROLE_BROKER",
            Role::BrokerManager => "ROLE_BROKER_MANAGER",
            Role::BrokerAdmin => "ROLE_BROKER_ADMIN",
        }
    }

    /// Parses a stored role name (`ROLE_USER`, …).
    pub fn parse(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|role| role.as_str() == name)
    }

    /// The back office's roles: the firm's conveyancers and its administrators.
    pub fn is_staff(self) -> bool {
        matches!(self, Self::Conveyancer | Self::Admin)
    }

    /// "A user is a broker if the role is broker, broker manager or broker admin." (ROLES-06)
    pub fn is_broker(self) -> bool {
        matches!(self, Self::Broker | Self::BrokerManager | Self::BrokerAdmin)
    }
}

/// A stored role (the users table's `role` column, read as text).
impl TryFrom<String> for Role {
    type Error = UnknownRole;

    fn try_from(name: String) -> Result<Self, UnknownRole> {
        Self::parse(&name).ok_or(UnknownRole(name))
    }
}

#[derive(Debug, thiserror::Error)]
#[error("no such role: {0}")]
pub struct UnknownRole(pub String);

/// Who may trigger a transition, as named in definitions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
pub enum ActorKind {
    Customer,
    Broker,
    Conveyancer,
    Admin,
    System,
    /// A purchase's gift donor: no party to the case, they write to the firm about their gift.
    Donor,
}

impl ActorKind {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Customer => "customer",
            Self::Broker => "broker",
            Self::Conveyancer => "conveyancer",
            Self::Admin => "admin",
            Self::System => "system",
            Self::Donor => "donor",
        }
    }

    /// The firm's own people: its conveyancers and admins.
    pub fn is_firm(self) -> bool {
        matches!(self, Self::Conveyancer | Self::Admin)
    }
}

/// Who may upload a document type, as named in definitions (`uploaded_by`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
pub enum Uploader {
    /// An owner or buyer on the case.
    Customer,
    /// A broker who administers the case.
    Broker,
    /// A purchase's gift donor: no party to the case, but the evidence of their gift is theirs.
    Donor,
    /// The firm's conveyancing staff (conveyancer or admin), from the back office.
    Firm,
}

impl Uploader {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Customer => "customer",
            Self::Broker => "broker",
            Self::Donor => "donor",
            Self::Firm => "firm",
        }
    }
}

/// The user (or the system) asking the engine a question about one case.
///
/// The API fills the relationship flags from the database; the engine trusts them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Actor {
    /// None for the system (workers, scheduled checks).
    pub user_id: Option<i64>,
    /// None for the system.
    pub role: Option<Role>,
    /// Raw `isLender` flag; only meaningful for brokers (ROLES-08).
    pub is_lender: bool,
    /// The user is an owner or buyer (a customer) on this case.
    pub is_party: bool,
    /// The user administers this case (its broker, or a manager of that broker).
    pub is_case_admin: bool,
    /// The user is a gift donor of this purchase (the donor's id), and no party to it.
    #[serde(default)]
    pub donor_id: Option<i64>,
}

impl Actor {
    /// The system actor: workers and scheduled checks.
    pub fn system() -> Self {
        Self {
            user_id: None,
            role: None,
            is_lender: false,
            is_party: false,
            is_case_admin: false,
            donor_id: None,
        }
    }

    /// A customer who is a party on the case.
    pub fn customer(user_id: i64) -> Self {
        Self {
            user_id: Some(user_id),
            role: Some(Role::User),
            is_lender: false,
            is_party: true,
            is_case_admin: false,
            donor_id: None,
        }
    }

    /// A broker administering the case.
    pub fn broker(user_id: i64) -> Self {
        Self {
            user_id: Some(user_id),
            role: Some(Role::Broker),
            is_lender: false,
            is_party: false,
            is_case_admin: true,
            donor_id: None,
        }
    }

    /// A conveyancer of the firm.
    pub fn conveyancer(user_id: i64) -> Self {
        Self {
            user_id: Some(user_id),
            role: Some(Role::Conveyancer),
            is_lender: false,
            is_party: false,
            is_case_admin: false,
            donor_id: None,
        }
    }

    /// A back-office administrator.
    pub fn admin(user_id: i64) -> Self {
        Self {
            user_id: Some(user_id),
            role: Some(Role::Admin),
            is_lender: false,
            is_party: false,
            is_case_admin: false,
            donor_id: None,
        }
    }

    /// A purchase's gift donor (`donor_id`: their gift's donor row).
    pub fn donor(donor_id: i64) -> Self {
        Self {
            user_id: None,
            role: Some(Role::User),
            is_lender: false,
            is_party: false,
            is_case_admin: false,
            donor_id: Some(donor_id),
        }
    }

    /// The role is a broker role, whatever the relationship to the case.
    pub fn is_broker(&self) -> bool {
        self.role.is_some_and(Role::is_broker)
    }

    /// "A user is a lender only if isLender is true and the user is a broker." (ROLES-08)
    pub fn is_lender(&self) -> bool {
        self.is_lender && self.is_broker()
    }

    /// The kind of actor this user acts as on this case, or None when they have no part in it
    /// (a customer who is not a party, a broker who does not administer the case).
    pub fn kind(&self) -> Option<ActorKind> {
        match self.role {
            None => Some(ActorKind::System),
            Some(Role::User) if self.is_party => Some(ActorKind::Customer),
            Some(Role::User) if self.donor_id.is_some() => Some(ActorKind::Donor),
            Some(Role::User) => None,
            Some(r) if r.is_broker() && self.is_case_admin => Some(ActorKind::Broker),
            Some(r) if r.is_broker() => None,
            Some(Role::Conveyancer) => Some(ActorKind::Conveyancer),
            Some(Role::Admin) => Some(ActorKind::Admin),
            Some(_) => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_role_reads_and_writes_as_it_is_stored_and_sent() {
        for role in Role::ALL {
            assert_eq!(Role::parse(role.as_str()), Some(role));
            assert_eq!(serde_json::to_value(role).unwrap(), role.as_str());
        }
        assert!(Role::try_from("ROLE_ROOT".to_owned()).is_err());
        let staff: Vec<Role> = Role::ALL.into_iter().filter(|r| r.is_staff()).collect();
        assert_eq!(staff, [Role::Admin, Role::Conveyancer]);
    }

    #[test]
    fn roles_01_role_names_and_roles_06_08_broker_and_lender() {
        assert_eq!(
            serde_json::to_string(&Role::BrokerManager).unwrap(),
            "\"ROLE_BROKER_MANAGER\""
        );
        let mut customer = Actor::customer(1);
        customer.is_lender = true;
        assert!(
            !customer.is_lender(),
            "ROLES-08: a customer is never a lender"
        );
        let mut broker = Actor::broker(2);
        broker.is_lender = true;
        assert!(broker.is_lender());
        assert_eq!(Actor::system().kind(), Some(ActorKind::System));
        let mut stranger = Actor::customer(3);
        stranger.is_party = false;
        assert_eq!(stranger.kind(), None);
    }
}
