//! Readings taken at a scrape: the features' counters, pools and queues as they are at that
//! moment, written as counter and gauge families of the scrape's registry.
use std::borrow::Cow;

use prometheus_client::{
    collector::Collector,
    encoding::{DescriptorEncoder, EncodeMetric, MetricEncoder},
    metrics::{counter::ConstCounter, gauge::ConstGauge, MetricType},
};

/// A sample's labels: names and values.
pub type Labels = Vec<(&'static str, Cow<'static, str>)>;

#[derive(Debug, Clone, Copy)]
enum Value {
    Counter(u64),
    Seconds(f64),
    Gauge(i64),
}

#[derive(Debug)]
struct Family {
    name: &'static str,
    help: &'static str,
    kind: MetricType,
    samples: Vec<(Labels, Value)>,
}

/// The readings of one scrape, in the order they are added.
#[derive(Debug, Default)]
pub struct Readings {
    families: Vec<Family>,
}

impl Readings {
    /// A counter family (`_total` is added to its name).
    pub fn counter(
        &mut self,
        name: &'static str,
        help: &'static str,
        samples: impl IntoIterator<Item = (Labels, u64)>,
    ) -> &mut Self {
        self.add(name, help, MetricType::Counter, samples, Value::Counter)
    }

    /// A counter family of seconds (`_total` is added to its name).
    pub fn seconds(
        &mut self,
        name: &'static str,
        help: &'static str,
        samples: impl IntoIterator<Item = (Labels, f64)>,
    ) -> &mut Self {
        self.add(name, help, MetricType::Counter, samples, Value::Seconds)
    }

    /// A gauge family.
    pub fn gauge(
        &mut self,
        name: &'static str,
        help: &'static str,
        samples: impl IntoIterator<Item = (Labels, i64)>,
    ) -> &mut Self {
        self.add(name, help, MetricType::Gauge, samples, Value::Gauge)
    }

    fn add<V>(
        &mut self,
        name: &'static str,
        help: &'static str,
        kind: MetricType,
        samples: impl IntoIterator<Item = (Labels, V)>,
        value: fn(V) -> Value,
    ) -> &mut Self {
        let samples = samples
            .into_iter()
            .map(|(labels, v)| (labels, value(v)))
            .collect();
        self.families.push(Family {
            name,
            help,
            kind,
            samples,
        });
        self
    }
}

impl Value {
    fn encode(self, sample: MetricEncoder) -> std::fmt::Result {
        match self {
            Self::Counter(v) => ConstCounter::new(v).encode(sample),
            Self::Seconds(v) => ConstCounter::new(v).encode(sample),
            Self::Gauge(v) => ConstGauge::new(v).encode(sample),
        }
    }
}

impl Collector for Readings {
    fn encode(&self, mut encoder: DescriptorEncoder) -> std::fmt::Result {
        for family in &self.families {
            let mut metric =
                encoder.encode_descriptor(family.name, family.help, None, family.kind)?;
            match family.samples.as_slice() {
                // One sample without labels: written as `name value`, not `name{} value`.
                [(labels, value)] if labels.is_empty() => value.encode(metric)?,
                samples => {
                    for (labels, value) in samples {
                        let labels = labels.as_slice();
                        value.encode(metric.encode_family(&labels)?)?;
                    }
                }
            }
        }
        Ok(())
    }
}
