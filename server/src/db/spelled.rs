//! Reading a stored domain value (a book's access, a user's status, …) back into its type:
//! a spelling outside the domain is a fault of the data, answered 500 and logged, never
//! guessed into some value.
use sea_orm::DbErr;
use tingshu_core::spelling::Spelling;

/// The value `column` of `row` (`book 7`) stores as `value`.
pub fn spelled<T: Spelling>(row: &str, column: &str, value: &str) -> Result<T, DbErr> {
    T::parse(value).ok_or_else(|| DbErr::Type(format!("{row}: unknown {column} {value:?}")))
}

#[cfg(test)]
mod tests {
    use tingshu_core::catalog::access::BookAccess;

    use super::*;

    #[test]
    fn a_known_spelling_reads_back_and_another_is_a_data_fault() {
        assert_eq!(
            spelled::<BookAccess>("book 1", "access", "vip").unwrap(),
            BookAccess::Vip
        );
        let fault = spelled::<BookAccess>("book 1", "access", "VIP").unwrap_err();
        assert_eq!(
            fault.to_string(),
            r#"Type Error: book 1: unknown access "VIP""#
        );
    }
}
