//! Book descriptions as plain text: tags removed, block ends turned into line breaks, entities decoded.
//!
//! The API answers descriptions as plain text (the app renders them as text, never as
//! HTML), so nothing needs an HTML allow-list as `ammonia` offers: removing every tag and
//! the content of `<script>`/`<style>` is enough, and keeps a dependency out.

/// The plain text of an HTML-ish description; paragraphs are separated by `\n`.
pub fn plain_text(input: &str) -> String {
    let mut out = String::with_capacity(input.len());
    let mut rest = input;
    while let Some(start) = rest.find('<') {
        out.push_str(&rest[..start]);
        let after = &rest[start + 1..];
        let Some(end) = after.find('>') else {
            // A lone '<' is text, not a tag.
            out.push('<');
            rest = after;
            continue;
        };
        let tag = after[..end].trim().to_ascii_lowercase();
        let name: String = tag
            .trim_start_matches('/')
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric())
            .collect();
        rest = &after[end + 1..];
        if !tag.starts_with('/') && (name == "script" || name == "style") {
            // Drop the element's content too, up to its closing tag.
            let closing = format!("</{name}");
            rest = match rest.to_ascii_lowercase().find(&closing) {
                Some(at) => rest[at..].find('>').map_or("", |gt| &rest[at + gt + 1..]),
                None => "",
            };
            continue;
        }
        if matches!(
            name.as_str(),
            "br" | "p"
                | "div"
                | "li"
                | "h1"
                | "h2"
                | "h3"
                | "h4"
                | "h5"
                | "h6"
                | "tr"
                | "blockquote"
        ) {
            out.push('\n');
        }
    }
    out.push_str(rest);
    let decoded = decode_entities(&out);
    // Trim each line and collapse runs of empty lines into one paragraph break.
    let lines: Vec<&str> = decoded
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty())
        .collect();
    lines.join("\n")
}

fn decode_entities(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find('&') {
        out.push_str(&rest[..start]);
        let after = &rest[start + 1..];
        let entity = after
            .find(';')
            .filter(|end| *end <= 10)
            .map(|end| &after[..end]);
        let decoded = entity.and_then(|name| match name {
            "amp" => Some('&'),
            "lt" => Some('<'),
            "gt" => Some('>'),
            "quot" => Some('"'),
            "apos" | "#39" => Some('\''),
            "nbsp" => Some(' '),
            _ => name
                .strip_prefix("#x")
                .or_else(|| name.strip_prefix("#X"))
                .and_then(|hex| u32::from_str_radix(hex, 16).ok())
                .or_else(|| name.strip_prefix('#').and_then(|dec| dec.parse().ok()))
                .and_then(char::from_u32),
        });
        match (entity, decoded) {
            (Some(name), Some(c)) => {
                out.push(c);
                rest = &after[name.len() + 1..];
            }
            _ => {
                out.push('&');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::plain_text;

    #[test]
    fn tags_go_and_paragraphs_become_lines() {
        assert_eq!(
            plain_text("<p>第一段 <b>加粗</b></p><p>第二段<br>换行</p>"),
            "第一段 加粗\n第二段\n换行"
        );
    }

    #[test]
    fn scripts_and_styles_lose_their_content() {
        assert_eq!(
            plain_text("a<script>alert('x')</script>b<STYLE>p{}</STYLE>c"),
            "abc"
        );
        assert_eq!(plain_text("<img src=x onerror=alert(1)>ok"), "ok");
    }

    #[test]
    fn entities_are_decoded_once_and_stray_brackets_stay() {
        assert_eq!(plain_text("1 &lt; 2 &amp;&amp; 3 > 2"), "1 < 2 && 3 > 2");
        assert_eq!(plain_text("&lt;b&gt;not a tag"), "<b>not a tag");
        assert_eq!(plain_text("a < b"), "a < b");
        assert_eq!(plain_text("&#20070;&#x4E66;&bogus;"), "书书&bogus;");
    }

    #[test]
    fn plain_text_stays_as_is() {
        assert_eq!(
            plain_text("没有标签的简介。\n\n第二段。"),
            "没有标签的简介。\n第二段。"
        );
    }
}
