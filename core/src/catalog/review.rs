//! The rules of a listener's rating of a book: a whole score from 1 to 5 and an optional
//! short review, and how one rating moves the book's aggregate.
use serde::{Deserialize, Serialize};

use super::edit::Form;
use crate::format::clamp::{clamp_rating, ClampRatingInput, DEFAULT_MAX_RATING};
use crate::validation::FieldError;
use crate::Lang;

/// Most characters of a review.
pub const REVIEW_MAX_CHARS: usize = 500;
/// The lowest score a listener can give.
pub const SCORE_MIN: usize = 1;

/// A rating form as sent: every field may be missing or wrong.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", default)]
pub struct ValidateReviewInput {
    /// A whole number from 1 to 5.
    pub score: Option<f64>,
    /// Optional; at most 500 characters once trimmed.
    pub review: Option<String>,
    /// Language of the error messages (the API answers in the request's language instead).
    #[cfg_attr(feature = "openapi", schema(ignore))]
    pub lang: Lang,
}

/// A rating that passed every rule; the review is trimmed, absent when blank.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct ReviewFields {
    pub score: i32,
    pub review: Option<String>,
}

/// Output of `validateReview`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum ReviewValidation {
    Valid { review: ReviewFields },
    Invalid { errors: Vec<FieldError> },
}

/// `validateReview`: `score` (required, a whole number from 1 to 5) and `review` (optional,
/// at most [`REVIEW_MAX_CHARS`] characters).
pub fn validate_review(input: ValidateReviewInput) -> ReviewValidation {
    let mut form = Form::new(input.lang);
    let score = match input.score {
        None => {
            form.fail("score", crate::validation::FieldRule::Required);
            None
        }
        Some(value) => {
            form.optional_whole("score", Some(value), SCORE_MIN, DEFAULT_MAX_RATING as usize)
        }
    };
    let review = form.optional_text("review", &input.review, REVIEW_MAX_CHARS);
    match score {
        Some(score) if form.errors.is_empty() => ReviewValidation::Valid {
            review: ReviewFields {
                score: score as i32,
                review,
            },
        },
        _ => ReviewValidation::Invalid {
            errors: form.errors,
        },
    }
}

/// Input of `ratingScale` (it has none: the scale is fixed).
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct RatingScaleInput {}

/// The scale a listener rates on and the room a review has, for the forms and stars that show it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct RatingScale {
    pub min_score: usize,
    pub max_score: usize,
    pub review_max_chars: usize,
}

/// `ratingScale`: scores from [`SCORE_MIN`] to the rating maximum, reviews of at most
/// [`REVIEW_MAX_CHARS`] characters.
pub fn rating_scale(_input: RatingScaleInput) -> RatingScale {
    RatingScale {
        min_score: SCORE_MIN,
        max_score: DEFAULT_MAX_RATING as usize,
        review_max_chars: REVIEW_MAX_CHARS,
    }
}

/// Input of `reviewLength`.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase", default)]
pub struct ReviewLengthInput {
    pub review: String,
}

/// `reviewLength`: the characters of a review as [`validate_review`] counts them (trimmed),
/// for the form's live count.
pub fn review_length(input: ReviewLengthInput) -> usize {
    input.review.trim().chars().count()
}

/// A book's rating as shown: the stored average clamped to 0..5 (a corrupt or hand-edited
/// row never shows 7 stars), rounded to one decimal.
pub fn shown_rating(average: f64) -> f64 {
    let clamped = clamp_rating(ClampRatingInput {
        value: Some(average),
        max: None,
    });
    (clamped * 10.0).round() / 10.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::validation::FieldRule;

    fn check(score: Option<f64>, review: Option<&str>) -> ReviewValidation {
        validate_review(ValidateReviewInput {
            score,
            review: review.map(str::to_owned),
            lang: Lang::En,
        })
    }

    fn rules(validation: ReviewValidation) -> Vec<(String, FieldRule)> {
        match validation {
            ReviewValidation::Invalid { errors } => {
                errors.into_iter().map(|e| (e.field, e.rule)).collect()
            }
            ReviewValidation::Valid { review } => panic!("accepted {review:?}"),
        }
    }

    #[test]
    fn the_scale_is_the_one_the_review_is_checked_against() {
        let scale = rating_scale(RatingScaleInput {});
        assert_eq!(
            (scale.min_score, scale.max_score, scale.review_max_chars),
            (1, 5, REVIEW_MAX_CHARS)
        );
        for edge in [scale.min_score, scale.max_score] {
            assert!(matches!(
                check(Some(edge as f64), None),
                ReviewValidation::Valid { .. }
            ));
        }
        for outside in [scale.min_score - 1, scale.max_score + 1] {
            assert!(matches!(
                check(Some(outside as f64), None),
                ReviewValidation::Invalid { .. }
            ));
        }
    }

    #[test]
    fn a_review_is_as_long_as_its_trimmed_characters() {
        let length = |review: &str| {
            review_length(ReviewLengthInput {
                review: review.to_owned(),
            })
        };
        assert_eq!(length("  好听 \n"), 2);
        assert_eq!(length(""), 0);
        assert_eq!(length("a😀b"), 3);
        let at_the_limit = format!(" {} ", "x".repeat(REVIEW_MAX_CHARS));
        assert_eq!(length(&at_the_limit), REVIEW_MAX_CHARS);
        assert!(matches!(
            check(Some(3.0), Some(&at_the_limit)),
            ReviewValidation::Valid { .. }
        ));
    }

    #[test]
    fn a_score_alone_or_with_a_trimmed_review_is_kept() {
        assert_eq!(
            check(Some(4.0), Some("  好听，声音很温柔  ")),
            ReviewValidation::Valid {
                review: ReviewFields {
                    score: 4,
                    review: Some("好听，声音很温柔".to_owned())
                }
            }
        );
        assert_eq!(
            check(Some(1.0), Some("   ")),
            ReviewValidation::Valid {
                review: ReviewFields {
                    score: 1,
                    review: None
                }
            }
        );
    }

    #[test]
    fn the_score_is_a_whole_number_from_one_to_five() {
        let whole = FieldRule::WholeNumber { min: 1, max: 5 };
        for bad in [0.0, 6.0, 4.5, -1.0, f64::NAN] {
            assert_eq!(
                rules(check(Some(bad), None)),
                [("score".to_owned(), whole.clone())]
            );
        }
        assert_eq!(
            rules(check(None, None)),
            [("score".to_owned(), FieldRule::Required)]
        );
    }

    #[test]
    fn a_review_is_at_most_500_characters_counted_not_bytes() {
        let longest = "长".repeat(REVIEW_MAX_CHARS);
        assert!(matches!(
            check(Some(5.0), Some(&longest)),
            ReviewValidation::Valid { .. }
        ));
        let too_long = format!("{longest}长");
        assert_eq!(
            rules(check(Some(5.0), Some(&too_long))),
            [(
                "review".to_owned(),
                FieldRule::TooLong {
                    max: REVIEW_MAX_CHARS
                }
            )]
        );
    }

    #[test]
    fn the_shown_rating_is_clamped_and_rounded() {
        assert_eq!(shown_rating(4.66), 4.7);
        assert_eq!(shown_rating(7.2), 5.0);
        assert_eq!(shown_rating(-0.4), 0.0);
        assert_eq!(shown_rating(f64::NAN), 0.0);
    }
}
