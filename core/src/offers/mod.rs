//! What listeners are offered and how the site is set: site settings, limited-free
//! campaigns and ad slots, each a console form checked field by field.
pub mod ads;
pub mod campaign_form;
pub mod site_settings;
