use crate::record::RecordError;
use crate::simulate::{SimOptions, SimReport};
pub fn simulate(_opts: &SimOptions) -> Result<SimReport, RecordError> {
    Err(RecordError::Rules("x".into()))
}
