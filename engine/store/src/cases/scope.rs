//! Who may see which cases, as a SQL condition on `cases c` (spec section 6, ROLES-12/13).

use super::args::{Arg, Sql};
use crate::{Db, StoreError, UserId, on_db};
use threshold_engine::Role;

/// The cases a user may see.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Scope {
    /// A customer: cases they are a party to (applicant or donor).
    Customer(UserId),
    /// A broker or broker manager: cases any of these brokers administers (themselves plus
    /// the brokers they manage, all of their own firm).
    Brokers(Vec<UserId>),
    /// A broker admin: every case of the firm.
    Firm(i64),
    /// Every case: the system itself (workers, scheduled checks, the CLI) and the
    /// conveyancing staff.
    Everything,
}

impl Scope {
    /// Appends ` AND <condition>` restricting `cases c` to this scope.
    pub(crate) fn restrict(&self, sql: &mut Sql) {
        match self {
            Scope::Customer(user) => {
                // Owners and buyers only: a gift donor never sees the buyers' case.
                sql.push(
                    " AND c.id IN (SELECT a.case_id FROM applicants a \
                     WHERE a.party_type = 'APPLICANT' AND a.user_id = ",
                )
                .bind(Arg::User(*user))
                .push(")");
            }
            // EXISTS, not IN: the planner then walks the cases index that serves the filters
            // and sort and probes case_admins' primary key per case, instead of fetching every
            // case of a busy broker first.
            Scope::Brokers(users) if !users.is_empty() => {
                sql.push(
                    " AND EXISTS (SELECT 1 FROM case_admins ca WHERE ca.case_id = c.id AND ca.user_id IN (",
                )
                .bind_list(users.iter().map(|u| Arg::User(*u)))
                .push("))");
            }
            Scope::Firm(firm) => {
                sql.push(" AND c.firm_id = ").bind(Arg::Int(*firm));
            }
            Scope::Brokers(_) => {
                sql.push(" AND 1 = 0");
            }
            Scope::Everything => {}
        }
    }

    pub fn is_broker(&self) -> bool {
        matches!(self, Scope::Brokers(_) | Scope::Firm(_))
    }
}

impl Db {
    /// The scope of a user with this role and firm: a manager adds the brokers they manage
    /// (same firm only), a broker admin with a firm sees the firm.
    #[tracing::instrument(skip_all)]
    pub async fn case_scope(
        &self,
        user: UserId,
        role: Role,
        firm: Option<i64>,
    ) -> Result<Scope, StoreError> {
        match role {
            Role::User => Ok(Scope::Customer(user)),
            Role::Broker => Ok(Scope::Brokers(vec![user])),
            Role::BrokerManager => {
                let managed: Vec<(UserId,)> = on_db!(self, pool => sqlx::query_as(
                    "SELECT m.broker_user_id FROM managed_brokers m \
                     JOIN broker_firm_members me ON me.user_id = m.manager_user_id \
                     JOIN broker_firm_members them ON them.user_id = m.broker_user_id \
                     WHERE m.manager_user_id = $1 AND me.firm_id = them.firm_id",
                )
                .bind(user)
                .fetch_all(pool)
                .await)?;
                let mut users = vec![user];
                users.extend(managed.into_iter().map(|(u,)| u));
                Ok(Scope::Brokers(users))
            }
            Role::BrokerAdmin => Ok(match firm {
                Some(firm) => Scope::Firm(firm),
                None => Scope::Brokers(vec![user]),
            }),
            // The firm's conveyancing staff work every case (the back office).
            Role::Conveyancer | Role::Admin => Ok(Scope::Everything),
        }
    }
}
