//! Units of a shared budget taken ahead of use: an instance takes a few units of a client's
//! bucket in one database write and spends them here, so the clients behind one address (a
//! campus or a carrier's NAT) no longer queue on one row's lock for every search. A refusal is
//! kept here for as long as the bucket has no unit, since only time gives units back.
//!
//! Units taken are spent in the shared bucket at once, so they are never counted twice, only
//! early: a client's burst can pass its allowance by what each instance still holds for it
//! (at most [`lease_size`] − 1, taken while the bucket was fuller), units left unused for the
//! budget's period are given up, and one instance may refuse a client while another still
//! holds a few of its units.
use std::{
    collections::HashMap,
    net::IpAddr,
    sync::Mutex,
    time::{Duration, Instant},
};

/// How many units one write takes: a sixteenth of the allowance, at most 64, so budgets of
/// fewer than 32 units (sign-ups, resets, feedback) stay exact, one write per unit.
pub fn lease_size(count: u32) -> u32 {
    (count / 16).clamp(1, 64)
}

/// What this instance holds of one client's bucket of one budget.
#[derive(Debug, Clone, Copy)]
struct Held {
    /// Units taken and not yet spent.
    units: u32,
    /// When the units are given up.
    until: Instant,
    /// Until when the bucket has no unit (a refusal seen here).
    refused_until: Option<Instant>,
}

/// What [`Leases::take`] found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Taken {
    /// A unit held here was spent.
    Spent,
    /// The bucket has no unit for this long.
    Refused(Duration),
    /// Nothing held: ask the shared bucket.
    Ask,
}

/// The units this instance holds, per budget (by index) and client.
#[derive(Default)]
pub struct Leases {
    held: Mutex<HashMap<(usize, IpAddr), Held>>,
}

impl Held {
    /// No unit and no refusal (yet).
    fn nothing(until: Instant) -> Self {
        Self {
            units: 0,
            until,
            refused_until: None,
        }
    }
}

impl Leases {
    /// The leases, locked (a panic while they were held left nothing half-changed).
    fn held(&self) -> std::sync::MutexGuard<'_, HashMap<(usize, IpAddr), Held>> {
        self.held
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Spends a unit held for `client`'s bucket of budget `index`, or says why it cannot.
    pub fn take(&self, index: usize, client: IpAddr, now: Instant) -> Taken {
        let mut held = self.held();
        let Some(lease) = held.get_mut(&(index, client)) else {
            return Taken::Ask;
        };
        if let Some(until) = lease.refused_until.filter(|until| *until > now) {
            return Taken::Refused(until - now);
        }
        if lease.units > 0 && lease.until > now {
            lease.units -= 1;
            return Taken::Spent;
        }
        Taken::Ask
    }

    /// Keeps `units` more (taken from the shared bucket, beyond the one spent) until `until`.
    pub fn keep(&self, index: usize, client: IpAddr, units: u32, until: Instant, now: Instant) {
        let mut held = self.held();
        let lease = held.entry((index, client)).or_insert(Held::nothing(until));
        if lease.until <= now {
            lease.units = 0;
        }
        lease.units = lease.units.saturating_add(units);
        lease.until = until;
        lease.refused_until = None;
    }

    /// Remembers that the bucket has no unit until `until`.
    pub fn refuse(&self, index: usize, client: IpAddr, until: Instant) {
        let mut held = self.held();
        let lease = held.entry((index, client)).or_insert(Held::nothing(until));
        lease.refused_until = Some(until);
    }

    /// Forgets what holds nothing any more: no unit left in time, no refusal running.
    pub fn forget_spent(&self, now: Instant) {
        let mut held = self.held();
        held.retain(|_, lease| {
            (lease.units > 0 && lease.until > now)
                || lease.refused_until.is_some_and(|until| until > now)
        });
        held.shrink_to_fit();
    }

    /// How many clients' leases are kept (for tests).
    #[cfg(test)]
    fn len(&self) -> usize {
        self.held().len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const CLIENT: IpAddr = IpAddr::V4(std::net::Ipv4Addr::new(192, 0, 2, 1));
    const OTHER: IpAddr = IpAddr::V4(std::net::Ipv4Addr::new(192, 0, 2, 2));

    #[test]
    fn small_budgets_take_one_unit_a_write_and_large_ones_a_sixteenth() {
        assert_eq!(lease_size(1), 1);
        assert_eq!(lease_size(3), 1);
        assert_eq!(lease_size(31), 1);
        assert_eq!(lease_size(32), 2);
        assert_eq!(lease_size(120), 7);
        assert_eq!(lease_size(100_000_000), 64, "a lifted budget");
    }

    #[test]
    fn held_units_are_spent_one_by_one_then_the_bucket_is_asked_again() {
        let leases = Leases::default();
        let now = Instant::now();
        assert_eq!(leases.take(0, CLIENT, now), Taken::Ask);
        leases.keep(0, CLIENT, 2, now + Duration::from_secs(60), now);
        assert_eq!(leases.take(0, CLIENT, now), Taken::Spent);
        assert_eq!(leases.take(1, CLIENT, now), Taken::Ask, "another budget");
        assert_eq!(leases.take(0, OTHER, now), Taken::Ask, "another client");
        assert_eq!(leases.take(0, CLIENT, now), Taken::Spent);
        assert_eq!(leases.take(0, CLIENT, now), Taken::Ask);
    }

    #[test]
    fn units_left_past_their_hold_are_given_up() {
        let leases = Leases::default();
        let now = Instant::now();
        let later = now + Duration::from_secs(61);
        leases.keep(0, CLIENT, 5, now + Duration::from_secs(60), now);
        assert_eq!(leases.take(0, CLIENT, later), Taken::Ask);
        // What a new lease brings is not added to the old lease's remains.
        leases.keep(0, CLIENT, 1, later + Duration::from_secs(60), later);
        assert_eq!(leases.take(0, CLIENT, later), Taken::Spent);
        assert_eq!(leases.take(0, CLIENT, later), Taken::Ask);
    }

    #[test]
    fn a_refusal_holds_until_a_unit_is_back_and_a_new_lease_ends_it() {
        let leases = Leases::default();
        let now = Instant::now();
        leases.refuse(0, CLIENT, now + Duration::from_millis(500));
        assert_eq!(
            leases.take(0, CLIENT, now + Duration::from_millis(100)),
            Taken::Refused(Duration::from_millis(400))
        );
        assert_eq!(
            leases.take(0, CLIENT, now + Duration::from_millis(500)),
            Taken::Ask
        );
        let then = now + Duration::from_millis(600);
        leases.refuse(0, CLIENT, then + Duration::from_secs(1));
        leases.keep(0, CLIENT, 1, then + Duration::from_secs(60), then);
        assert_eq!(leases.take(0, CLIENT, then), Taken::Spent);
    }

    #[test]
    fn only_leases_that_hold_something_are_kept() {
        let leases = Leases::default();
        let now = Instant::now();
        leases.keep(0, CLIENT, 1, now + Duration::from_secs(60), now);
        leases.keep(0, OTHER, 0, now + Duration::from_secs(60), now);
        leases.refuse(1, OTHER, now + Duration::from_secs(1));
        leases.forget_spent(now);
        assert_eq!(leases.len(), 2, "the unit held and the refusal running");
        leases.forget_spent(now + Duration::from_secs(2));
        assert_eq!(leases.len(), 1);
        leases.forget_spent(now + Duration::from_secs(60));
        assert_eq!(leases.len(), 0);
    }
}
