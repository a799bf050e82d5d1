//! Section writes that need more than a line in `SectionChange`, one module per area.

pub mod owners;
