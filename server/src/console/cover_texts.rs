//! Checks that the console's cover hint (zh, en, ja) and the README name exactly the sizes
//! `covers` makes, so neither promises a size the server does not produce or leaves one out.

#[cfg(test)]
mod tests {
    use crate::covers::CoverSize;

    /// Every `W×H` in `text`, in order.
    fn sizes_named(text: &str) -> Vec<(u32, u32)> {
        let chars: Vec<char> = text.chars().collect();
        let number_at = |mut i: usize, step: isize| {
            let mut digits = String::new();
            while let Some(c) = chars.get(i).filter(|c| c.is_ascii_digit()) {
                digits.push(*c);
                match i.checked_add_signed(step) {
                    Some(next) => i = next,
                    None => break,
                }
            }
            if step < 0 {
                digits = digits.chars().rev().collect();
            }
            digits.parse::<u32>().ok()
        };
        (1..chars.len().saturating_sub(1))
            .filter(|&i| chars[i] == '×')
            .filter_map(|i| Some((number_at(i - 1, -1)?, number_at(i + 1, 1)?)))
            .collect()
    }

    fn produced() -> Vec<(u32, u32)> {
        CoverSize::ALL.iter().map(|size| size.pixels()).collect()
    }

    fn repo_file(path: &str) -> String {
        let full = format!("{}/../{path}", env!("CARGO_MANIFEST_DIR"));
        std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{full}: {e}"))
    }

    #[test]
    fn the_cover_hint_names_every_size_the_server_makes_in_every_language() {
        for lang in ["zh", "en", "ja"] {
            let texts: serde_json::Value =
                serde_json::from_str(&repo_file(&format!("locales/{lang}/console.json"))).unwrap();
            let hint = texts["bookCover"]["hint"].as_str().unwrap();
            assert_eq!(sizes_named(hint), produced(), "{lang}: {hint}");
            // The count the hint says in words, as the sizes above are four.
            assert_eq!(CoverSize::ALL.len(), 4);
            let counted = ["四种", "four sizes", "4 サイズ"];
            assert!(counted.iter().any(|c| hint.contains(c)), "{lang}: {hint}");
        }
    }

    #[test]
    fn the_readme_names_every_size_the_server_makes() {
        let readme = repo_file("README.md");
        let covers = readme
            .lines()
            .find(|line| line.starts_with("- **Covers**"))
            .expect("the README's Covers paragraph");
        assert_eq!(sizes_named(covers), produced(), "{covers}");
        assert!(covers.contains("four 3:4 JPEGs"), "{covers}");
    }
}
