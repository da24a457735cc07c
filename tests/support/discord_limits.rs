//! Discord's documented limits on what a bot sends, checked by the fake
//! Discord ([`super::fake_discord`]) on every request it serves.
//!
//! Each check walks a request body as Discord's API reads it and returns
//! the [`Problem`]s it finds, each at the path Discord names in the
//! `errors` object of its 50035 "Invalid Form Body" answer
//! (`embeds.0.description`, `data.components.1.components.0.custom_id` …).
//! The figures are Discord's (developer documentation: Message, Embed
//! limits, Message Components, Interactions → Modals, Application Commands
//! → Limits and naming); the docs count characters, and so does this
//! module (Unicode scalar values: `梅` and `🂡` are one each).
//!
//! - message content: 2,000 characters;
//! - embeds: at most 10; title 256, description 4,096, at most 25 fields
//!   (name 256, value 1,024, neither empty), footer 2,048, author 256, and
//!   6,000 characters of all of those in all a message's embeds;
//! - components: at most 5 action rows; a row holds 1–5 buttons or exactly
//!   one select; a button's label 80, any `custom_id` 1–100; a string
//!   select 1–25 options (label 1–100, value 1–100, description 100),
//!   placeholder 150, `min_values` 0–25 and at most `max_values`,
//!   `max_values` 1–25 and at most the options there are;
//! - modals: title 1–45, `custom_id` 1–100, 1–5 rows of one text input
//!   each (label 1–45, `custom_id` 1–100, placeholder 100, value 4,000,
//!   `min_length` 0–4,000, `max_length` 1–4,000);
//! - files: at most 10 a message, each within the attachment size limit;
//! - application commands (bulk overwrite): at most 100 chat commands,
//!   names unique; a name (and each localized name) 1–32 characters of
//!   `[-_'\p{L}\p{N}]`, lower case where the letter has a lower case; a
//!   description (and each localization) 1–100; at most 25 options (and
//!   25 subcommands), required options before optional ones; at most 25
//!   choices, each name 1–100 (localized too) and string value 1–100;
//!   a string option's `max_length` 1–6,000; and 4,000 characters of
//!   names, descriptions and choice values in a whole command, counting
//!   for each field its longest localization (Discord: "only the longest
//!   localization for each field (including the default value) is
//!   counted towards the size limit").

#![allow(dead_code)]

use serde_json::{json, Value};

pub const CONTENT: usize = 2000;
pub const EMBEDS: usize = 10;
pub const EMBED_TITLE: usize = 256;
pub const EMBED_DESCRIPTION: usize = 4096;
pub const EMBED_FIELDS: usize = 25;
pub const FIELD_NAME: usize = 256;
pub const FIELD_VALUE: usize = 1024;
pub const FOOTER: usize = 2048;
pub const AUTHOR: usize = 256;
pub const EMBED_TOTAL: usize = 6000;
pub const ROWS: usize = 5;
pub const BUTTONS_PER_ROW: usize = 5;
pub const BUTTON_LABEL: usize = 80;
pub const CUSTOM_ID: usize = 100;
pub const SELECT_OPTIONS: usize = 25;
pub const OPTION_TEXT: usize = 100;
pub const PLACEHOLDER: usize = 150;
pub const MODAL_TITLE: usize = 45;
pub const INPUT_LABEL: usize = 45;
pub const INPUT_PLACEHOLDER: usize = 100;
pub const INPUT_VALUE: usize = 4000;
pub const FILES: usize = 10;
/// The `attachment_size_limit` the fake's interactions carry (bytes per
/// file): Discord's default for a server without boosts (10 MiB).
pub const ATTACHMENT_SIZE: u64 = 10 * 1024 * 1024;
pub const COMMANDS: usize = 100;
pub const COMMAND_NAME: usize = 32;
pub const COMMAND_DESCRIPTION: usize = 100;
pub const COMMAND_OPTIONS: usize = 25;
pub const CHOICES: usize = 25;
pub const CHOICE_TEXT: usize = 100;
pub const COMMAND_TOTAL: usize = 4000;
pub const STRING_OPTION: u64 = 6000;

/// One limit a request broke: where (Discord's dotted path), Discord's
/// error code for it and its message.
#[derive(Clone, Debug, PartialEq)]
pub struct Problem {
    pub path: String,
    pub code: &'static str,
    pub message: String,
}

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {} ({})", self.path, self.message, self.code)
    }
}

/// The body of Discord's 50035 answer for `problems`: the `errors` object
/// nests each problem under its path, as `{"_errors": [{code, message}]}`.
pub fn invalid_form_body(problems: &[Problem]) -> Value {
    let mut errors = json!({});
    for p in problems {
        let mut at = &mut errors;
        for key in p.path.split('.').filter(|k| !k.is_empty()) {
            if at.get(key).is_none() {
                at[key] = json!({});
            }
            at = &mut at[key];
        }
        if at.get("_errors").is_none() {
            at["_errors"] = json!([]);
        }
        at["_errors"]
            .as_array_mut()
            .expect("an array")
            .push(json!({ "code": p.code, "message": p.message }));
    }
    json!({ "code": 50035, "message": "Invalid Form Body", "errors": errors })
}

/// The characters of `s` as Discord counts them.
pub fn chars(s: &str) -> usize {
    s.chars().count()
}

struct Check {
    problems: Vec<Problem>,
}

impl Check {
    fn new() -> Check {
        Check {
            problems: Vec::new(),
        }
    }

    fn push(&mut self, path: &str, code: &'static str, message: String) {
        self.problems.push(Problem {
            path: path.to_string(),
            code,
            message,
        });
    }

    /// A string field of at most `max` characters (and, `min` > 0, at
    /// least `min`), when present.
    fn text(&mut self, v: &Value, path: &str, min: usize, max: usize) {
        let Some(s) = v.as_str() else { return };
        let n = chars(s);
        if n > max {
            self.push(
                path,
                "BASE_TYPE_MAX_LENGTH",
                format!("Must be {max} or fewer in length (got {n})."),
            );
        } else if n < min {
            self.push(
                path,
                "BASE_TYPE_BAD_LENGTH",
                format!("Must be between {min} and {max} in length (got {n})."),
            );
        }
    }

    /// A string field that must be there.
    fn required_text(&mut self, v: &Value, path: &str, min: usize, max: usize) {
        if v.as_str().is_none() {
            self.push(
                path,
                "BASE_TYPE_REQUIRED",
                "This field is required".to_string(),
            );
        } else {
            self.text(v, path, min, max);
        }
    }

    /// An array of at most `max` items, when present.
    fn count(&mut self, v: &Value, path: &str, max: usize) -> usize {
        let n = v.as_array().map_or(0, Vec::len);
        if n > max {
            self.push(
                path,
                "BASE_TYPE_MAX_LENGTH",
                format!("Must be {max} or fewer in length (got {n})."),
            );
        }
        n
    }

    fn number(&mut self, v: &Value, path: &str, min: u64, max: u64) {
        let Some(n) = v.as_u64() else {
            if v.as_i64().is_some() {
                self.push(
                    path,
                    "NUMBER_TYPE_MIN",
                    format!("Must be {min} or greater."),
                );
            }
            return;
        };
        if n > max {
            self.push(
                path,
                "NUMBER_TYPE_MAX",
                format!("Must be {max} or less (got {n})."),
            );
        } else if n < min {
            self.push(
                path,
                "NUMBER_TYPE_MIN",
                format!("Must be {min} or greater (got {n})."),
            );
        }
    }
}

fn join(prefix: &str, key: impl std::fmt::Display) -> String {
    if prefix.is_empty() {
        key.to_string()
    } else {
        format!("{prefix}.{key}")
    }
}

/// A message body (a new message, an edit, an interaction's message
/// response or followup), under `prefix` (`""`, or `data` for a callback).
/// `files` are the uploaded files the fake read beside it (`_files`).
pub fn message(body: &Value, prefix: &str) -> Vec<Problem> {
    let mut c = Check::new();
    message_into(&mut c, body, prefix);
    c.problems
}

fn message_into(c: &mut Check, body: &Value, prefix: &str) {
    c.text(&body["content"], &join(prefix, "content"), 0, CONTENT);
    embeds(c, &body["embeds"], &join(prefix, "embeds"));
    components(c, &body["components"], &join(prefix, "components"));
    files(c, &body["_files"], &body["attachments"], prefix);
}

fn embeds(c: &mut Check, list: &Value, path: &str) {
    c.count(list, path, EMBEDS);
    let mut total = 0;
    for (i, e) in list.as_array().into_iter().flatten().enumerate() {
        let at = join(path, i);
        let mut add = |v: &Value| total += v.as_str().map_or(0, chars);
        add(&e["title"]);
        add(&e["description"]);
        add(&e["footer"]["text"]);
        add(&e["author"]["name"]);
        for f in e["fields"].as_array().into_iter().flatten() {
            add(&f["name"]);
            add(&f["value"]);
        }
        c.text(&e["title"], &join(&at, "title"), 0, EMBED_TITLE);
        c.text(
            &e["description"],
            &join(&at, "description"),
            0,
            EMBED_DESCRIPTION,
        );
        c.text(&e["footer"]["text"], &join(&at, "footer.text"), 0, FOOTER);
        c.text(&e["author"]["name"], &join(&at, "author.name"), 0, AUTHOR);
        let fields = join(&at, "fields");
        c.count(&e["fields"], &fields, EMBED_FIELDS);
        for (j, f) in e["fields"].as_array().into_iter().flatten().enumerate() {
            let fat = join(&fields, j);
            c.required_text(&f["name"], &join(&fat, "name"), 1, FIELD_NAME);
            c.required_text(&f["value"], &join(&fat, "value"), 1, FIELD_VALUE);
        }
    }
    if total > EMBED_TOTAL {
        c.push(
            path,
            "MAX_EMBED_SIZE_EXCEEDED",
            format!("Embed size exceeds maximum size of {EMBED_TOTAL} (got {total})"),
        );
    }
}

fn components(c: &mut Check, rows: &Value, path: &str) {
    c.count(rows, path, ROWS);
    for (i, row) in rows.as_array().into_iter().flatten().enumerate() {
        let at = join(path, i);
        if row["type"] != json!(1) {
            c.push(
                &join(&at, "type"),
                "COMPONENT_LAYOUT_INVALID",
                "A top-level component must be an action row.".to_string(),
            );
            continue;
        }
        let inner = join(&at, "components");
        let list = row["components"].as_array().cloned().unwrap_or_default();
        let selects = list.iter().filter(|x| x["type"] != json!(2)).count();
        if list.is_empty() {
            c.push(
                &inner,
                "BASE_TYPE_BAD_LENGTH",
                "Must be between 1 and 5 in length.".to_string(),
            );
        } else if selects > 0 && list.len() > 1 {
            c.push(
                &inner,
                "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                format!(
                    "A row with a select holds nothing else (got {} components).",
                    list.len()
                ),
            );
        } else {
            c.count(&row["components"], &inner, BUTTONS_PER_ROW);
        }
        for (j, comp) in list.iter().enumerate() {
            let cat = join(&inner, j);
            match comp["type"].as_u64() {
                Some(2) => {
                    c.text(&comp["label"], &join(&cat, "label"), 0, BUTTON_LABEL);
                    // A link button (style 5) has a url and no custom id.
                    if comp["style"] != json!(5) {
                        c.required_text(&comp["custom_id"], &join(&cat, "custom_id"), 1, CUSTOM_ID);
                    }
                }
                Some(3..=8) => select(c, comp, &cat),
                _ => c.push(
                    &join(&cat, "type"),
                    "COMPONENT_TYPE_INVALID",
                    format!("Not a message component: {}", comp["type"]),
                ),
            }
        }
    }
}

fn select(c: &mut Check, s: &Value, path: &str) {
    c.required_text(&s["custom_id"], &join(path, "custom_id"), 1, CUSTOM_ID);
    c.text(
        &s["placeholder"],
        &join(path, "placeholder"),
        0,
        PLACEHOLDER,
    );
    let string_select = s["type"] == json!(3);
    let options = if string_select {
        let n = s["options"].as_array().map_or(0, Vec::len);
        if n == 0 {
            c.push(
                &join(path, "options"),
                "BASE_TYPE_BAD_LENGTH",
                "Must be between 1 and 25 in length.".to_string(),
            );
        }
        c.count(&s["options"], &join(path, "options"), SELECT_OPTIONS);
        for (k, o) in s["options"].as_array().into_iter().flatten().enumerate() {
            let oat = join(&join(path, "options"), k);
            c.required_text(&o["label"], &join(&oat, "label"), 1, OPTION_TEXT);
            c.required_text(&o["value"], &join(&oat, "value"), 1, OPTION_TEXT);
            c.text(
                &o["description"],
                &join(&oat, "description"),
                0,
                OPTION_TEXT,
            );
        }
        Some(n as u64)
    } else {
        None
    };
    c.number(&s["min_values"], &join(path, "min_values"), 0, 25);
    c.number(&s["max_values"], &join(path, "max_values"), 1, 25);
    let min = s["min_values"].as_u64().unwrap_or(1);
    let max = s["max_values"].as_u64().unwrap_or(1);
    if min > max {
        c.push(
            &join(path, "min_values"),
            "SELECT_COMPONENT_MIN_VALUES_GREATER_THAN_MAX",
            format!("min_values ({min}) must not exceed max_values ({max})."),
        );
    }
    if let Some(n) = options {
        if max > n {
            c.push(
                &join(path, "max_values"),
                "BASE_TYPE_MAX",
                format!("Must be less than or equal to the number of options ({n}), got {max}."),
            );
        }
    }
}

/// The files a message uploads (`_files`, as the fake read them): at most
/// 10, each within the attachment size limit. The `attachments` list of
/// an edit names at most 10 too.
fn files(c: &mut Check, files: &Value, listed: &Value, prefix: &str) {
    let n = c.count(files, &join(prefix, "files"), FILES);
    let _ = n;
    c.count(listed, &join(prefix, "attachments"), FILES);
    for (i, f) in files.as_array().into_iter().flatten().enumerate() {
        let size = f["size"].as_u64().unwrap_or(0);
        if size > ATTACHMENT_SIZE {
            c.push(
                &join(&join(prefix, "files"), i),
                "BASE_TYPE_MAX_LENGTH",
                format!("File cannot be larger than {ATTACHMENT_SIZE} bytes (got {size})."),
            );
        }
    }
}

/// A modal (an interaction callback of type 9), its `data` under `path`.
pub fn modal(data: &Value, path: &str) -> Vec<Problem> {
    let mut c = Check::new();
    c.required_text(&data["title"], &join(path, "title"), 1, MODAL_TITLE);
    c.required_text(&data["custom_id"], &join(path, "custom_id"), 1, CUSTOM_ID);
    let rows_at = join(path, "components");
    let n = data["components"].as_array().map_or(0, Vec::len);
    if n == 0 || n > ROWS {
        c.push(
            &rows_at,
            "BASE_TYPE_BAD_LENGTH",
            format!("Must be between 1 and 5 in length (got {n})."),
        );
    }
    for (i, row) in data["components"]
        .as_array()
        .into_iter()
        .flatten()
        .enumerate()
    {
        let inner = join(&join(&rows_at, i), "components");
        let list = row["components"].as_array().cloned().unwrap_or_default();
        if list.len() != 1 {
            c.push(
                &inner,
                "BASE_TYPE_BAD_LENGTH",
                format!("A modal's row holds one text input (got {}).", list.len()),
            );
        }
        for (j, t) in list.iter().enumerate() {
            let at = join(&inner, j);
            if t["type"] != json!(4) {
                c.push(
                    &join(&at, "type"),
                    "COMPONENT_TYPE_INVALID",
                    "A modal holds text inputs only.".to_string(),
                );
                continue;
            }
            c.required_text(&t["custom_id"], &join(&at, "custom_id"), 1, CUSTOM_ID);
            c.required_text(&t["label"], &join(&at, "label"), 1, INPUT_LABEL);
            c.text(
                &t["placeholder"],
                &join(&at, "placeholder"),
                0,
                INPUT_PLACEHOLDER,
            );
            c.text(&t["value"], &join(&at, "value"), 0, INPUT_VALUE);
            c.number(
                &t["min_length"],
                &join(&at, "min_length"),
                0,
                INPUT_VALUE as u64,
            );
            c.number(
                &t["max_length"],
                &join(&at, "max_length"),
                1,
                INPUT_VALUE as u64,
            );
        }
    }
    c.problems
}

/// An interaction callback: its message (types 4, 7), its flags (type 5)
/// or its modal (type 9), with paths under `data` as Discord gives them.
pub fn callback(body: &Value) -> Vec<Problem> {
    match body["type"].as_u64() {
        Some(4) | Some(7) => {
            let mut data = body["data"].clone();
            if let Some(f) = body.get("_files") {
                data["_files"] = f.clone();
            }
            message(&data, "data")
        }
        Some(9) => modal(&body["data"], "data"),
        _ => Vec::new(),
    }
}

/// Whether `name` is a valid chat command (or option) name: 1–32
/// characters of letters, digits, `-`, `_` and `'`, in lower case where
/// the letter has one.
pub fn command_name_ok(name: &str) -> bool {
    let n = chars(name);
    (1..=COMMAND_NAME).contains(&n)
        && name
            .chars()
            .all(|ch| ch.is_alphanumeric() || matches!(ch, '-' | '_' | '\''))
        && name
            .chars()
            .all(|ch| ch.to_lowercase().eq(std::iter::once(ch)))
}

/// The bulk overwrite of application commands (a JSON array).
pub fn commands(list: &Value) -> Vec<Problem> {
    let mut c = Check::new();
    let all = list.as_array().cloned().unwrap_or_default();
    let chat = all
        .iter()
        .filter(|x| x["type"].as_u64().unwrap_or(1) == 1)
        .count();
    if chat > COMMANDS {
        c.push(
            "",
            "APPLICATION_COMMANDS_TOO_MANY",
            format!("At most {COMMANDS} chat commands (got {chat})."),
        );
    }
    let mut seen = std::collections::HashSet::new();
    for (i, cmd) in all.iter().enumerate() {
        let at = i.to_string();
        let name = cmd["name"].as_str().unwrap_or("");
        if !seen.insert(name.to_string()) {
            c.push(
                &join(&at, "name"),
                "APPLICATION_COMMANDS_DUPLICATE_NAME",
                format!("Application command names must be unique ({name})."),
            );
        }
        let mut total = 0;
        named(&mut c, cmd, &at, &mut total);
        options(&mut c, &cmd["options"], &join(&at, "options"), &mut total);
        if total > COMMAND_TOTAL {
            c.push(
                &at,
                "APPLICATION_COMMAND_TOO_LARGE",
                format!("Command exceeds maximum size ({COMMAND_TOTAL}): {total} characters."),
            );
        }
    }
    c.problems
}

/// The longest of a field and its localizations, in characters.
fn longest(v: &Value, localized: &Value) -> usize {
    let mut n = v.as_str().map_or(0, chars);
    if let Some(map) = localized.as_object() {
        for s in map.values().filter_map(Value::as_str) {
            n = n.max(chars(s));
        }
    }
    n
}

/// The name and description of a command or option, with their
/// localizations.
fn named(c: &mut Check, x: &Value, at: &str, total: &mut usize) {
    let name = x["name"].as_str().unwrap_or("");
    if !command_name_ok(name) {
        c.push(
            &join(at, "name"),
            "APPLICATION_COMMAND_INVALID_NAME",
            format!("Command name is invalid: {name:?}"),
        );
    }
    for (locale, n) in x["name_localizations"].as_object().into_iter().flatten() {
        let n = n.as_str().unwrap_or("");
        if !command_name_ok(n) {
            c.push(
                &join(&join(at, "name_localizations"), locale),
                "APPLICATION_COMMAND_INVALID_NAME",
                format!("Command name is invalid: {n:?}"),
            );
        }
    }
    c.required_text(
        &x["description"],
        &join(at, "description"),
        1,
        COMMAND_DESCRIPTION,
    );
    for (locale, d) in x["description_localizations"]
        .as_object()
        .into_iter()
        .flatten()
    {
        c.text(
            d,
            &join(&join(at, "description_localizations"), locale),
            1,
            COMMAND_DESCRIPTION,
        );
    }
    *total += longest(&x["name"], &x["name_localizations"]);
    *total += longest(&x["description"], &x["description_localizations"]);
}

fn options(c: &mut Check, list: &Value, path: &str, total: &mut usize) {
    c.count(list, path, COMMAND_OPTIONS);
    let mut optional_seen = false;
    for (i, o) in list.as_array().into_iter().flatten().enumerate() {
        let at = join(path, i);
        named(c, o, &at, total);
        let kind = o["type"].as_u64().unwrap_or(0);
        if kind == 1 || kind == 2 {
            // A subcommand (group): its own options.
            options(c, &o["options"], &join(&at, "options"), total);
            continue;
        }
        let required = o["required"].as_bool().unwrap_or(false);
        if required && optional_seen {
            c.push(
                &join(&at, "required"),
                "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                "Required options must be placed before non-required options".to_string(),
            );
        }
        optional_seen |= !required;
        let choices = join(&at, "choices");
        c.count(&o["choices"], &choices, CHOICES);
        for (j, ch) in o["choices"].as_array().into_iter().flatten().enumerate() {
            let cat = join(&choices, j);
            c.required_text(&ch["name"], &join(&cat, "name"), 1, CHOICE_TEXT);
            for (locale, n) in ch["name_localizations"].as_object().into_iter().flatten() {
                c.text(
                    n,
                    &join(&join(&cat, "name_localizations"), locale),
                    1,
                    CHOICE_TEXT,
                );
            }
            c.text(&ch["value"], &join(&cat, "value"), 1, CHOICE_TEXT);
            *total += longest(&ch["name"], &ch["name_localizations"]);
            *total += match &ch["value"] {
                Value::String(s) => chars(s),
                Value::Null => 0,
                other => other.to_string().len(),
            };
        }
        c.number(&o["min_length"], &join(&at, "min_length"), 0, STRING_OPTION);
        c.number(&o["max_length"], &join(&at, "max_length"), 1, STRING_OPTION);
    }
}
