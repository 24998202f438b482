// gqlparser-peer: ops/s of parsing and validating the project's benchmark documents with
// gqlparser 2.5.1 (github.com/vektah/gqlparser, gqlgen's parser and validator, from Debian's
// golang-github-vektah-gqlparser-dev), timed as Sources/Tools/engine-benchmark times ours: 2000 warm-up
// calls, then 3 rounds of SECONDS each, calls in batches of 100, the best rate wins.
//
// Usage: gqlparser-peer PROJECT_ROOT DOCUMENTS [SECONDS]
// Prints "STAGE N" lines: parse and validate of the LaunchList-shaped query of
// Benchmarks/reference/engine-reference.js. ENGINE_STAGES=a,b times only the stages named, where
// parse/NAME and validate/NAME are those of DOCUMENTS/NAME.graphql and `documents` names them all:
// the operations of Operations/ as the client sends them, which `engine-benchmark --documents
// DOCUMENTS PROJECT_ROOT` writes (the texts engine-benchmark times).
package main

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/parser"
	"github.com/vektah/gqlparser/v2/validator"
)

// The query engine-reference.js and engine-benchmark time, character for character.
const launchListQuery = "query LaunchList($after: String) { launches(pageSize: 20, after: $after) { cursor hasMore launches { id site mission { name missionPatch(size: SMALL) } rocket { id name type } isBooked } } }"

var checksum int

func fail(format string, args ...interface{}) {
	fmt.Fprintf(os.Stderr, "gqlparser-peer: "+format+"\n", args...)
	os.Exit(1)
}

func rate(seconds float64, body func() int) float64 {
	for i := 0; i < 2000; i++ {
		checksum += body()
	}
	best := 0.0
	for r := 0; r < 3; r++ {
		calls := 0
		start := time.Now()
		for {
			elapsed := time.Since(start).Seconds()
			if elapsed >= seconds {
				if perSecond := float64(calls) / elapsed; perSecond > best {
					best = perSecond
				}
				break
			}
			for i := 0; i < 100; i++ {
				checksum += body()
			}
			calls += 100
		}
	}
	return best
}

func parse(text string) *ast.QueryDocument {
	document, err := parser.ParseQuery(&ast.Source{Name: "query", Input: text})
	if err != nil {
		fail("parse: %v", err)
	}
	return document
}

func main() {
	if len(os.Args) < 3 {
		fmt.Fprintln(os.Stderr, "usage: gqlparser-peer PROJECT_ROOT DOCUMENTS [SECONDS_PER_ROUND]")
		os.Exit(2)
	}
	root := os.Args[1]
	seconds := 2.0
	if len(os.Args) > 3 {
		if value, err := strconv.ParseFloat(os.Args[3], 64); err == nil {
			seconds = value
		}
	}
	var only map[string]bool
	if stages := os.Getenv("ENGINE_STAGES"); stages != "" {
		only = map[string]bool{}
		for _, stage := range strings.Split(stages, ",") {
			only[stage] = true
		}
	}
	schemaText, err := os.ReadFile(filepath.Join(root, "Operations/schema.graphqls"))
	if err != nil {
		fail("%v", err)
	}
	schema, gqlErr := gqlparser.LoadSchema(&ast.Source{Name: "schema.graphqls", Input: string(schemaText)})
	if gqlErr != nil {
		fail("schema: %v", gqlErr)
	}

	documents := [][2]string{{"", launchListQuery}}
	files, _ := filepath.Glob(filepath.Join(os.Args[2], "*.graphql"))
	sort.Strings(files)
	for _, file := range files {
		text, err := os.ReadFile(file)
		if err != nil {
			fail("%v", err)
		}
		documents = append(documents, [2]string{strings.TrimSuffix(filepath.Base(file), ".graphql"), string(text)})
	}
	for _, document := range documents {
		name, text := document[0], document[1]
		suffix := ""
		if name != "" {
			suffix = "/" + name
		}
		parsed := parse(text)
		if errs := validator.Validate(schema, parsed); len(errs) > 0 {
			fail("%s does not validate: %v", name, errs[0])
		}
		report := func(stage string, body func() int) {
			var selected bool
			if only == nil {
				selected = name == ""
			} else {
				selected = only[stage+suffix] || (name != "" && only["documents"])
			}
			if !selected {
				return
			}
			fmt.Printf("%s%s %d\n", stage, suffix, int(rate(seconds, body)+0.5))
		}
		report("parse", func() int { return len(parse(text).Operations) })
		report("validate", func() int { return len(validator.Validate(schema, parsed)) })
	}
	fmt.Fprintf(os.Stderr, "checksum %d\n", checksum)
}
