"""Parses a Prometheus text scrape (standard input) with the prometheus-client package's own
parser, an implementation independent of serve's, and prints what it read as JSON: one object
per family with its name, type, help text and samples. A scrape the parser refuses exits 1 with
the parser's message on standard error.

The Makefile's test set-up installs the pinned prometheus-client under .build/python-peers; the
caller puts that folder on PYTHONPATH."""

import json
import sys

from prometheus_client.parser import text_string_to_metric_families


def main():
    text = sys.stdin.read()
    try:
        families = [
            {
                "name": family.name,
                "type": family.type,
                "help": family.documentation,
                "samples": [
                    {"name": sample.name, "labels": sample.labels, "value": sample.value}
                    for sample in family.samples
                ],
            }
            for family in text_string_to_metric_families(text)
        ]
    except Exception as error:  # the parser's refusal, whatever its type
        print(f"prometheus-client refused the scrape: {error!r}", file=sys.stderr)
        sys.exit(1)
    json.dump(families, sys.stdout)


if __name__ == "__main__":
    main()
