//! Domain values (a book's access, an account's status, …) and their stored spelling, which is
//! exactly their JSON spelling.

/// The stored spelling of a domain value and back.
pub trait Spelling: Sized + Copy + 'static {
    /// Every value, in declaration order.
    const ALL: &'static [Self];

    /// The stored spelling.
    fn as_str(self) -> &'static str;

    /// The value of a stored spelling; `None` for anything else.
    fn parse(value: &str) -> Option<Self> {
        Self::ALL
            .iter()
            .copied()
            .find(|item| item.as_str() == value)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::Spelling;

    /// Every value reads back from its spelling and serialises as it; nothing else parses.
    pub fn round_trips<T: Spelling + serde::Serialize + PartialEq + std::fmt::Debug>() {
        for &value in T::ALL {
            assert_eq!(T::parse(value.as_str()), Some(value));
            assert_eq!(
                serde_json::to_value(value).unwrap(),
                serde_json::Value::from(value.as_str())
            );
        }
        assert_eq!(T::parse("unknown"), None);
        assert_eq!(T::parse(""), None);
    }
}
