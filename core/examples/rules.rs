//! Calling the rules from Rust, as `core/README.md` shows: a duration on a chapter card, a
//! registration form checked field by field, and an input read from JSON the way the browser
//! and the vectors send it. Usage: `cargo run -p tingshu-core --example rules`.
use tingshu_core::{
    auth::account::{validate_registration, RegistrationValidation, ValidateRegistrationInput},
    format::duration::{format_duration, FormatDurationInput},
    premium::{is_premium, IsPremiumInput},
    Lang,
};

fn main() {
    println!(
        "{}",
        format_duration(FormatDurationInput {
            seconds: Some(3661.0)
        })
    );
    let form = ValidateRegistrationInput {
        email: Some("reader@example.com".into()),
        username: Some("reader".into()),
        password: Some("short".into()),
        lang: Lang::En,
    };
    match validate_registration(form) {
        RegistrationValidation::Valid { registration } => {
            println!("valid: {}", registration.username)
        }
        RegistrationValidation::Invalid { errors } => {
            for error in errors {
                println!("{}: {}", error.field, error.message);
            }
        }
    }
    let guest: IsPremiumInput =
        serde_json::from_str(r#"{"user": null, "nowMs": 0}"#).expect("an isPremium input");
    println!("premium: {}", is_premium(guest));
}
