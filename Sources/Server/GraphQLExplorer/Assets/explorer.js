// The RocketReserver GraphQL explorer: an IDE for the API over CodeMirror 5, served by
// `rocket-reserver serve` from its own binary. It talks only to the page's own origin: the
// schema by introspection when the page opens, validation with `extensions.validateOnly`,
// operations by POST (subscriptions as server-sent events, by GET through EventSource). Plain
// script, no framework.
(function () {
  "use strict";

  var ENDPOINT = "/graphql";
  var HISTORY_KEY = "rocket-reserver.explorer.history";
  var HEADERS_KEY = "rocket-reserver.explorer.headers";
  var HISTORY_LIMIT = 30;

  // The schema, asked for by explorer-boot.js while this script was still on its way.
  var schemaPromise = (window.explorerSchemaRequest || Promise.reject(new Error("the first script did not run")))
    .then(function (answer) {
      var json = null;
      try { json = JSON.parse(answer.text); } catch (error) { json = null; }
      if (!json || !json.data) throw new Error("the schema could not be read (" + answer.status + ")");
      return buildSchema(json.data.__schema);
    });

  // ---------------------------------------------------------------------------------------------
  // HTTP

  function post(body, headers, accept) {
    var all = { "Content-Type": "application/json", Accept: accept || "application/graphql-response+json, application/json" };
    Object.keys(headers || {}).forEach(function (name) { all[name] = headers[name]; });
    var started = performance.now();
    return fetch(ENDPOINT, { method: "POST", headers: all, body: JSON.stringify(body), credentials: "omit" }).then(function (response) {
      return response.text().then(function (text) {
        var json = null;
        try { json = JSON.parse(text); } catch (e) { json = null; }
        return { status: response.status, text: text, json: json, time: performance.now() - started, bytes: new TextEncoder().encode(text).length };
      });
    });
  }

  // ---------------------------------------------------------------------------------------------
  // The schema, from introspection

  function buildSchema(raw) {
    var types = {};
    raw.types.forEach(function (type) { types[type.name] = type; });
    return {
      types: types,
      query: raw.queryType && raw.queryType.name,
      mutation: raw.mutationType && raw.mutationType.name,
      subscription: raw.subscriptionType && raw.subscriptionType.name,
      directives: raw.directives || []
    };
  }

  function namedType(ref) {
    while (ref && ref.ofType) ref = ref.ofType;
    return ref ? ref.name : null;
  }

  function typeString(ref) {
    if (!ref) return "";
    if (ref.kind === "NON_NULL") return typeString(ref.ofType) + "!";
    if (ref.kind === "LIST") return "[" + typeString(ref.ofType) + "]";
    return ref.name;
  }

  function fieldsOf(schema, typeName) {
    var type = schema.types[typeName];
    return (type && type.fields) || [];
  }

  function fieldOf(schema, typeName, name) {
    if (name === "__typename") return { name: "__typename", type: { kind: "NON_NULL", ofType: { kind: "SCALAR", name: "String" } }, args: [] };
    if (name === "__schema" && typeName === schema.query) return { name: "__schema", type: { kind: "OBJECT", name: "__Schema" }, args: [] };
    if (name === "__type" && typeName === schema.query) return { name: "__type", type: { kind: "OBJECT", name: "__Type" }, args: [] };
    return fieldsOf(schema, typeName).filter(function (field) { return field.name === name; })[0] || null;
  }

  function rootType(schema, operation) {
    return operation === "mutation" ? schema.mutation : operation === "subscription" ? schema.subscription : schema.query;
  }

  // ---------------------------------------------------------------------------------------------
  // A lexer for documents (what completion, prettify and "the operation at the cursor" read)

  var PUNCTUATOR = /^(\.\.\.|[!$&()\[\]{}:=@|])/;

  function lex(text) {
    var tokens = [];
    var i = 0;
    var match;
    while (i < text.length) {
      var rest = text.slice(i);
      if ((match = /^[\s,\ufeff]+/.exec(rest))) { i += match[0].length; continue; }
      var start = i;
      var kind;
      if (rest[0] === "#") { match = /^#[^\n\r]*/.exec(rest); kind = "comment"; }
      else if (rest.indexOf('"""') === 0) {
        var end = rest.indexOf('"""', 3);
        while (end > 0 && rest[end - 1] === "\\") end = rest.indexOf('"""', end + 3);
        match = [end < 0 ? rest : rest.slice(0, end + 3)];
        kind = "string";
      } else if (rest[0] === '"') { match = /^"(?:[^"\\\n\r]|\\.)*"?/.exec(rest); kind = "string"; }
      else if ((match = /^-?\d+(\.\d+)?([eE][+-]?\d+)?/.exec(rest))) kind = "number";
      else if ((match = /^\$[_A-Za-z][_0-9A-Za-z]*/.exec(rest))) kind = "variable";
      else if ((match = /^@[_A-Za-z][_0-9A-Za-z]*/.exec(rest))) kind = "directive";
      else if ((match = /^[_A-Za-z][_0-9A-Za-z]*/.exec(rest))) kind = "name";
      else if ((match = PUNCTUATOR.exec(rest))) kind = "punct";
      else { match = [rest[0]]; kind = "punct"; }
      i += match[0].length;
      tokens.push({ kind: kind, text: match[0], start: start, end: i });
    }
    return tokens;
  }

  // The operations and fragments of a document, with their extent.
  function definitions(text) {
    var tokens = lex(text).filter(function (token) { return token.kind !== "comment"; });
    var result = [];
    var depth = 0;
    var current = null;
    tokens.forEach(function (token, index) {
      if (depth === 0 && !current && token.text !== "}") {
        current = { start: token.start, end: token.end, type: "query", name: null };
        if (token.kind === "name" && /^(query|mutation|subscription|fragment)$/.test(token.text)) {
          current.type = token.text;
          var next = tokens[index + 1];
          if (next && next.kind === "name" && next.text !== "on") current.name = next.text;
        }
      }
      if (token.text === "{" || token.text === "(" || token.text === "[") depth++;
      if (token.text === "}" || token.text === ")" || token.text === "]") depth = Math.max(0, depth - 1);
      if (current) current.end = token.end;
      if (depth === 0 && token.text === "}" && current) { result.push(current); current = null; }
    });
    if (current) result.push(current);
    return result;
  }

  // What the text before the cursor is inside: the stack of selection sets, argument lists and
  // values, with the operation's variables.
  function contextBefore(schema, text) {
    var tokens = lex(text).filter(function (token) { return token.kind !== "comment"; });
    var stack = [];
    var definition = null;
    var pendingType = null;
    var variables = [];
    var fragments = [];
    function top() { return stack[stack.length - 1]; }
    for (var i = 0; i < tokens.length; i++) {
      var token = tokens[i];
      var prev = tokens[i - 1];
      var frame = top();
      if (!frame) {
        if (token.kind === "name" && /^(query|mutation|subscription)$/.test(token.text) && (!prev || prev.text === "}")) {
          definition = { operation: token.text, type: rootType(schema, token.text) };
          variables = [];
        } else if (token.text === "fragment") {
          definition = { operation: "fragment", type: null };
        } else if (definition && definition.operation === "fragment" && prev && prev.text === "on" && token.kind === "name") {
          definition.type = token.text;
        } else if (token.text === "(") {
          stack.push({ kind: "variables" });
        } else if (token.text === "{") {
          if (!definition || (prev && prev.text === "}")) definition = { operation: "query", type: schema.query };
          stack.push({ kind: "selection", type: definition.type, field: null });
        } else if (token.text === "}") {
          definition = null;
        }
        continue;
      }
      if (frame.kind === "selection") {
        if (token.kind === "name") {
          if (prev && prev.text === "...") { if (token.text !== "on") frame.field = null; }
          else if (prev && prev.text === "on") pendingType = token.text;
          else { frame.field = token.text; pendingType = null; }
        } else if (token.kind === "directive") {
          frame.directive = token.text.slice(1);
        } else if (token.text === "(") {
          var directive = prev && prev.kind === "directive" ? directiveNamed(schema, prev.text.slice(1)) : null;
          var field = directive ? null : fieldOf(schema, frame.type, frame.field);
          stack.push({ kind: "arguments", args: directive ? directive.args : field ? field.args : [], name: null, used: [] });
        } else if (token.text === "{") {
          var type = pendingType || (fieldOf(schema, frame.type, frame.field) || {}).type;
          stack.push({ kind: "selection", type: typeof type === "string" ? type : namedType(type), field: null });
          pendingType = null;
        } else if (token.text === "}") {
          stack.pop();
          if (!top()) definition = definition && definition.operation === "query" ? definition : definition;
        }
      } else if (frame.kind === "arguments" || frame.kind === "object") {
        if (token.kind === "name" && tokens[i + 1] && tokens[i + 1].text === ":" && (!prev || prev.text !== ":")) {
          frame.name = token.text;
          frame.used.push(token.text);
        } else if (token.text === "{" || token.text === "[") {
          var valueType = argumentType(frame);
          var inner = valueType;
          while (inner && inner.kind === "NON_NULL") inner = inner.ofType;
          if (token.text === "[") stack.push({ kind: "list", type: inner && inner.kind === "LIST" ? inner.ofType : inner });
          else stack.push({ kind: "object", args: (schema.types[namedType(valueType)] || {}).inputFields || [], name: null, used: [] });
        } else if (token.text === ")" || token.text === "}") {
          stack.pop();
        }
      } else if (frame.kind === "list") {
        if (token.text === "]") stack.pop();
        else if (token.text === "{") stack.push({ kind: "object", args: (schema.types[namedType(frame.type)] || {}).inputFields || [], name: null, used: [] });
        else if (token.text === "[") stack.push({ kind: "list", type: frame.type && frame.type.ofType });
      } else if (frame.kind === "variables") {
        if (token.kind === "variable") variables.push(token.text.slice(1));
        else if (token.text === ")") stack.pop();
      }
    }
    lex(text).forEach(function (token, index, all) {
      if (token.text === "fragment" && all[index + 1] && all[index + 1].kind === "name") fragments.push(all[index + 1].text);
    });
    return { stack: stack, frame: top(), definition: definition, variables: variables, last: tokens[tokens.length - 1], fragments: fragments };
  }

  function argumentType(frame) {
    var arg = (frame.args || []).filter(function (candidate) { return candidate.name === frame.name; })[0];
    return arg ? arg.type : null;
  }

  function directiveNamed(schema, name) {
    return schema.directives.filter(function (directive) { return directive.name === name; })[0] || null;
  }

  // ---------------------------------------------------------------------------------------------
  // Completion

  function completions(schema, cm) {
    var cursor = cm.getCursor();
    var line = cm.getLine(cursor.line).slice(0, cursor.ch);
    var word = /[$@]?[_A-Za-z][_0-9A-Za-z]*$/.exec(line);
    var wordText = word ? word[0] : "";
    var from = CodeMirror.Pos(cursor.line, cursor.ch - wordText.length);
    var before = cm.getRange(CodeMirror.Pos(0, 0), from);
    var context = contextBefore(schema, before);
    var documentText = cm.getValue();
    var documentFragments = lex(documentText).reduce(function (names, token, index, all) {
      if (token.text === "fragment" && all[index + 1] && all[index + 1].kind === "name" && all[index + 1].text !== "on") names.push(all[index + 1].text);
      return names;
    }, []);
    var frame = context.frame;
    var last = context.last;
    var items = [];
    function add(text, detail, description, deprecated) {
      items.push({ text: text, displayText: text, detail: detail || "", description: description || "", deprecated: deprecated || null });
    }
    if (wordText[0] === "@") {
      schema.directives.forEach(function (directive) { add("@" + directive.name, "directive", directive.description); });
    } else if (wordText[0] === "$" || (last && last.text === "$")) {
      context.variables.forEach(function (name) { add("$" + name, "variable"); });
    } else if (!frame) {
      ["query", "mutation", "subscription", "fragment"].forEach(function (keyword) { add(keyword, "keyword"); });
    } else if (frame.kind === "selection") {
      if (last && last.text === "...") {
        documentFragments.forEach(function (name) { add(name, "fragment"); });
        add("on", "keyword", "An inline fragment on a type.");
      } else if (last && last.text === "on") {
        Object.keys(schema.types).forEach(function (name) {
          var type = schema.types[name];
          if (/^(OBJECT|INTERFACE|UNION)$/.test(type.kind) && name.indexOf("__") !== 0) add(name, type.kind.toLowerCase(), type.description);
        });
      } else {
        fieldsOf(schema, frame.type).forEach(function (field) {
          add(field.name, typeString(field.type), field.description, field.isDeprecated ? field.deprecationReason || "Deprecated" : null);
        });
        add("__typename", "String!", "The name of the object's type.");
      }
    } else if (frame.kind === "arguments" || frame.kind === "object") {
      if (last && last.text === ":") {
        valueCompletions(schema, argumentType(frame), context.variables, add);
      } else {
        frame.args.forEach(function (arg) {
          if (frame.used.indexOf(arg.name) < 0 || arg.name === wordText) add(arg.name, typeString(arg.type), arg.description);
        });
      }
    } else if (frame.kind === "list") {
      valueCompletions(schema, frame.type, context.variables, add);
    } else if (frame.kind === "variables") {
      if (last && (last.text === ":" || last.text === "[")) {
        Object.keys(schema.types).forEach(function (name) {
          var type = schema.types[name];
          if (/^(SCALAR|ENUM|INPUT_OBJECT)$/.test(type.kind) && name.indexOf("__") !== 0) add(name, type.kind.toLowerCase(), type.description);
        });
      }
    }
    var prefix = wordText.toLowerCase();
    var list = items.filter(function (item) { return item.text.toLowerCase().indexOf(prefix) === 0; });
    list.forEach(function (item) { item.render = renderHint; });
    return { list: list, from: from, to: cursor };
  }

  function valueCompletions(schema, ref, variables, add) {
    var name = namedType(ref);
    var type = schema.types[name];
    if (type && type.kind === "ENUM") {
      type.enumValues.forEach(function (value) { add(value.name, name, value.description, value.isDeprecated ? value.deprecationReason || "Deprecated" : null); });
    }
    if (name === "Boolean") { add("true", "Boolean"); add("false", "Boolean"); }
    variables.forEach(function (variable) { add("$" + variable, "variable"); });
  }

  function renderHint(element, self, item) {
    var name = document.createElement("span");
    name.className = "hint-name" + (item.deprecated ? " deprecated" : "");
    name.textContent = item.text;
    var detail = document.createElement("span");
    detail.className = "hint-detail";
    detail.textContent = item.detail;
    element.appendChild(name);
    element.appendChild(detail);
  }

  // The description of the selected completion, under the list.
  function showHintDescription(item, element) {
    var list = element && element.parentNode;
    if (!list) return;
    var box = document.getElementById("hint-description");
    if (!box) {
      box = document.createElement("div");
      box.id = "hint-description";
      box.className = "hint-description";
      document.body.appendChild(box);
    }
    var text = (item.description || "") + (item.deprecated ? "\nDeprecated: " + item.deprecated : "");
    box.hidden = !text;
    box.textContent = text;
    var rect = list.getBoundingClientRect();
    box.style.left = Math.max(0, Math.min(rect.left, window.innerWidth - 320)) + "px";
    box.style.top = rect.bottom + window.scrollY + 2 + "px";
  }

  function hideHintDescription() {
    var box = document.getElementById("hint-description");
    if (box) box.hidden = true;
  }

  // ---------------------------------------------------------------------------------------------
  // Prettify: the document reprinted with one field per line, two-space indentation

  function prettify(text) {
    var tokens = lex(text);
    var out = "";
    var stack = []; // "selection", "(", "[", "value{"
    var depth = 0;
    var prev = null;
    function newline() { out = out.replace(/[ \t]+$/, "") + "\n" + new Array(depth + 1).join("  "); }
    function top() { return stack[stack.length - 1]; }
    function isValueEnd(token) { return token && (token.kind !== "punct" || /^[\])}!]$/.test(token.text)) && token.kind !== "comment"; }
    tokens.forEach(function (token) {
      var t = token.text;
      var context = top();
      if (token.kind === "comment") {
        if (prev) newline();
        out += t;
        newline();
        prev = null;
        return;
      }
      if (t === "{") {
        var isValue = context === "(" || context === "[" || context === "value{" || (prev && prev.text === ":") || (prev && prev.text === "=");
        if (isValue) {
          if (prev && prev.text !== ":" && prev.text !== "[" && prev.text !== "(" && prev.text !== "=" && isValueEnd(prev)) out += ", ";
          out += "{";
          stack.push("value{");
        } else {
          out += (out && !/\s$/.test(out) ? " " : "") + "{";
          stack.push("selection");
          depth++;
          newline();
        }
      } else if (t === "}") {
        if (stack.pop() === "selection") {
          depth = Math.max(0, depth - 1);
          newline();
          out += "}";
          if (!stack.length) { out += "\n"; }
        } else out += "}";
      } else if (t === "(" || t === "[") {
        if (t === "[" && prev && isValueEnd(prev) && (context === "(" || context === "[" || context === "value{") && prev.text !== ":") out += ", ";
        out += t;
        stack.push(t);
      } else if (t === ")" || t === "]") {
        stack.pop();
        out += t;
      } else if (t === ":") {
        out += ": ";
      } else if (t === "=") {
        out += " = ";
      } else if (t === "|" || t === "&") {
        out += " " + t + " ";
      } else {
        // A name, value, variable, directive, "!" or "...".
        if (!prev) {
          if (!stack.length && out && !/\n\n$/.test(out)) out = out.replace(/\s*$/, "\n\n");
        } else if (context === "selection") {
          if (token.kind === "directive" || prev.text === "...") out += token.kind === "directive" || t === "on" ? " " : "";
          else if (prev.text === "on") out += " ";
          else if (t === "!" ) { /* a type's non-null mark */ }
          else if (isValueEnd(prev) && prev.text !== "...") newline();
        } else if (context === "(" || context === "[" || context === "value{") {
          if (t !== "!" && isValueEnd(prev) && prev.text !== ":") out += ", ";
          else if (token.kind === "directive") out += " ";
        } else if (!stack.length && prev.text === "}") {
          out = out.replace(/\s*$/, "\n\n");
        } else if (t !== "!" && prev.text !== "{" && isValueEnd(prev)) {
          out += " ";
        }
        out += t;
      }
      prev = token;
    });
    return out.replace(/[ \t]+\n/g, "\n").replace(/\n{3,}/g, "\n\n").trim() + "\n";
  }

  // ---------------------------------------------------------------------------------------------
  // The page

  var state = { schema: null, running: null };

  function $(id) { return document.getElementById(id); }

  function jsonLint(text) {
    if (!text.trim()) return [];
    try {
      var value = JSON.parse(text);
      if (value === null || typeof value !== "object" || Array.isArray(value)) {
        return [{ from: CodeMirror.Pos(0, 0), to: CodeMirror.Pos(0, 1), message: "Give a JSON object.", severity: "error" }];
      }
      return [];
    } catch (error) {
      var position = /position (\d+)/.exec(error.message);
      var offset = position ? Number(position[1]) : 0;
      var lines = text.slice(0, offset).split("\n");
      var pos = CodeMirror.Pos(lines.length - 1, lines[lines.length - 1].length);
      return [{ from: pos, to: CodeMirror.Pos(pos.line, pos.ch + 1), message: error.message, severity: "error" }];
    }
  }

  function jsonEditor(id, value) {
    var cm = CodeMirror.fromTextArea($(id), {
      value: value,
      lineNumbers: false,
      matchBrackets: true,
      autoCloseBrackets: true,
      tabSize: 2,
      gutters: ["CodeMirror-lint-markers"],
      lint: { getAnnotations: jsonLint, delay: 200 },
      extraKeys: { "Ctrl-Enter": run, "Cmd-Enter": run, Tab: false, "Shift-Tab": false }
    });
    cm.setValue(value);
    return cm;
  }

  function parseJSONObject(text, what) {
    if (!text.trim()) return {};
    var value;
    try { value = JSON.parse(text); } catch (error) { throw new Error("The " + what + " are not valid JSON: " + error.message); }
    if (value === null || typeof value !== "object" || Array.isArray(value)) throw new Error("The " + what + " must be a JSON object.");
    return value;
  }

  // Validation as one types: the server parses and validates the document without running it.
  function validate(text, updateLinting, options, cm) {
    if (!text.trim()) { updateLinting(cm, []); showProblems([]); return; }
    post({ query: text, extensions: { validateOnly: true } }, {}).then(function (answer) {
      var errors = (answer.json && answer.json.errors) || [];
      var annotations = [];
      errors.forEach(function (error) {
        (error.locations && error.locations.length ? error.locations : [{ line: 1, column: 1 }]).forEach(function (location) {
          var line = Math.max(0, location.line - 1);
          var ch = Math.max(0, location.column - 1);
          var lineText = cm.getLine(line) || "";
          var word = /^[$@]?[_A-Za-z0-9]+|^\.\.\.|^./.exec(lineText.slice(ch));
          annotations.push({
            from: CodeMirror.Pos(line, ch), to: CodeMirror.Pos(line, ch + (word ? word[0].length : 1)),
            message: error.message, severity: "error"
          });
        });
      });
      if (cm.getValue() !== text) return; // A newer check is on its way.
      updateLinting(cm, annotations);
      showProblems(annotations);
    }, function () { updateLinting(cm, []); });
  }

  function showProblems(annotations) {
    var box = $("problems");
    box.classList.remove("stale");
    box.textContent = "";
    annotations.forEach(function (annotation) {
      var item = document.createElement("button");
      item.type = "button";
      item.className = "problem";
      item.textContent = (annotation.from.line + 1) + ":" + (annotation.from.ch + 1) + " " + annotation.message;
      item.addEventListener("click", function () { state.query.focus(); state.query.setCursor(annotation.from); });
      box.appendChild(item);
    });
  }

  function currentHeaders() {
    return parseJSONObject(state.headers.getValue(), "headers");
  }

  function setResponse(meta, text, isError) {
    $("response-meta").textContent = meta;
    var pane = $("response");
    pane.textContent = text;
    pane.classList.toggle("failed", !!isError);
  }

  function formatBytes(bytes) {
    return bytes < 1024 ? bytes + " B" : (bytes / 1024).toFixed(1) + " KB";
  }

  function pretty(answer) {
    return answer.json ? JSON.stringify(answer.json, null, 2) : answer.text;
  }

  function selectedOperation() {
    var cm = state.query;
    var text = cm.getValue();
    var offset = cm.indexFromPos(cm.getCursor("from"));
    var operations = definitions(text).filter(function (definition) { return definition.type !== "fragment"; });
    // The operation the cursor is in, or else the last one that starts before it.
    var chosen = operations.filter(function (definition) { return definition.start <= offset; }).pop();
    return chosen || operations[0] || null;
  }

  function run() {
    if (state.running) { stopRunning(); return; }
    var query = state.query.getValue();
    var operation = selectedOperation();
    var variables;
    var headers;
    try {
      variables = parseJSONObject(state.variables.getValue(), "variables");
      headers = currentHeaders();
    } catch (error) {
      setResponse("not sent", error.message, true);
      return;
    }
    var body = { query: query, variables: variables };
    if (operation && operation.name) body.operationName = operation.name;
    remember(query, state.variables.getValue(), body.operationName);
    if (operation && operation.type === "subscription") {
      if (Object.keys(headers).length === 0) subscribeByEventSource(body); else subscribe(body, headers);
      return;
    }
    setResponse("running…", "", false);
    $("run").disabled = true;
    post(body, headers).then(function (answer) {
      setResponse(answer.status + " · " + Math.round(answer.time) + " ms · " + formatBytes(answer.bytes), pretty(answer), answer.status >= 400);
    }, function (error) {
      setResponse("failed", "The request failed: " + error.message, true);
    }).then(function () { $("run").disabled = false; });
  }

  // A subscription by GET, as server-sent events (graphql-sse), through the browser's
  // EventSource: after a dropped connection it reconnects by itself and sends the id of the last
  // event it got (Last-Event-ID), after which the server resumes, so nothing is lost or shown
  // twice. EventSource sends no header of the page's choosing: with headers (Authorization) a
  // subscription goes by POST instead (subscribe).
  function subscribeByEventSource(body) {
    var parameters = new URLSearchParams();
    parameters.set("query", body.query);
    if (body.variables && Object.keys(body.variables).length) parameters.set("variables", JSON.stringify(body.variables));
    if (body.operationName) parameters.set("operationName", body.operationName);
    var source = new EventSource(ENDPOINT + "?" + parameters.toString());
    var controller = { abort: function () { source.close(); } };
    var started = performance.now();
    var events = [];
    var received = 0;
    state.running = controller;
    $("run").textContent = "Stop";
    setResponse("subscribed, waiting for events…", "", false);
    function show(status) {
      setResponse(status + " · " + events.length + " event" + (events.length === 1 ? "" : "s") + " · " + Math.round(performance.now() - started) + " ms · " + formatBytes(received),
        events.map(function (event, index) { return "event " + (index + 1) + ":\n" + JSON.stringify(event, null, 2); }).join("\n\n"), false);
    }
    function finish() {
      if (state.running === controller) { state.running = null; $("run").textContent = "Run"; }
    }
    source.addEventListener("next", function (event) {
      received += event.data.length;
      try { events.push(JSON.parse(event.data)); } catch (e) { events.push(event.data); }
      show("live");
    });
    source.addEventListener("complete", function () { source.close(); show("ended"); finish(); });
    source.onopen = function () { show("live"); };
    source.onerror = function () {
      if (source.readyState === EventSource.CLOSED) { show("failed"); finish(); } else { show("reconnecting"); }
    };
  }

  // A subscription by POST as server-sent events (graphql-sse), with the page's headers: each
  // event is shown as it arrives.
  function subscribe(body, headers) {
    var controller = new AbortController();
    var all = { "Content-Type": "application/json", Accept: "text/event-stream" };
    Object.keys(headers).forEach(function (name) { all[name] = headers[name]; });
    var started = performance.now();
    var events = [];
    var received = 0;
    state.running = controller;
    $("run").textContent = "Stop";
    setResponse("subscribed, waiting for events…", "", false);
    function show(status) {
      setResponse(status + " · " + events.length + " event" + (events.length === 1 ? "" : "s") + " · " + Math.round(performance.now() - started) + " ms · " + formatBytes(received),
        events.map(function (event, index) { return "event " + (index + 1) + ":\n" + JSON.stringify(event, null, 2); }).join("\n\n"), false);
    }
    fetch(ENDPOINT, { method: "POST", headers: all, body: JSON.stringify(body), credentials: "omit", signal: controller.signal }).then(function (response) {
      if (!response.body || !/event-stream/.test(response.headers.get("Content-Type") || "")) {
        return response.text().then(function (text) {
          var json = null;
          try { json = JSON.parse(text); } catch (e) { json = null; }
          setResponse(String(response.status), json ? JSON.stringify(json, null, 2) : text, true);
        });
      }
      var reader = response.body.getReader();
      var decoder = new TextDecoder();
      var buffer = "";
      function pump() {
        return reader.read().then(function (chunk) {
          if (chunk.done) { show(response.status + " · ended"); return; }
          received += chunk.value.length;
          buffer += decoder.decode(chunk.value, { stream: true });
          var boundary;
          while ((boundary = buffer.search(/\r?\n\r?\n/)) >= 0) {
            var block = buffer.slice(0, boundary);
            buffer = buffer.slice(boundary).replace(/^\r?\n\r?\n/, "");
            var data = block.split(/\r?\n/).filter(function (line) { return line.indexOf("data:") === 0; })
              .map(function (line) { return line.slice(5).replace(/^ /, ""); }).join("\n");
            if (data) {
              try { events.push(JSON.parse(data)); } catch (e) { events.push(data); }
            }
          }
          show(response.status + " · live");
          return pump();
        });
      }
      show(response.status + " · live");
      return pump();
    }).catch(function (error) {
      if (error.name !== "AbortError") setResponse("failed", "The subscription failed: " + error.message, true);
    }).then(function () {
      if (state.running === controller) { state.running = null; $("run").textContent = "Run"; }
    });
  }

  function stopRunning() {
    var controller = state.running;
    state.running = null;
    $("run").textContent = "Run";
    if (controller) controller.abort();
    $("response-meta").textContent += " · stopped";
  }

  // ---------------------------------------------------------------------------------------------
  // Logging in: the token goes in this tab's Authorization header (session storage only)

  function logIn(event) {
    event.preventDefault();
    var email = $("login-email").value.trim();
    var status = $("login-status");
    status.textContent = "logging in…";
    post({ query: "mutation LogIn($email: String) { login(email: $email) { token } }", variables: { email: email }, operationName: "LogIn" }, {})
      .then(function (answer) {
        var token = answer.json && answer.json.data && answer.json.data.login && answer.json.data.login.token;
        if (!token) {
          var errors = (answer.json && answer.json.errors) || [];
          status.textContent = "not logged in: " + (errors[0] ? errors[0].message : answer.status);
          return;
        }
        var headers;
        try { headers = currentHeaders(); } catch (error) { headers = {}; }
        headers.Authorization = token;
        state.headers.setValue(JSON.stringify(headers, null, 2));
        status.textContent = "logged in as " + email;
      }, function (error) { status.textContent = "not logged in: " + error.message; });
  }

  // ---------------------------------------------------------------------------------------------
  // History, in local storage

  function loadHistory() {
    try { return JSON.parse(localStorage.getItem(HISTORY_KEY) || "[]"); } catch (error) { return []; }
  }

  function remember(query, variables, operationName) {
    var entries = loadHistory().filter(function (entry) { return entry.query !== query || entry.variables !== variables; });
    entries.unshift({ query: query, variables: variables, operationName: operationName || null, at: new Date().toISOString() });
    try { localStorage.setItem(HISTORY_KEY, JSON.stringify(entries.slice(0, HISTORY_LIMIT))); } catch (error) { /* full or off */ }
    renderHistory();
  }

  function renderHistory() {
    var list = $("history-list");
    list.textContent = "";
    loadHistory().forEach(function (entry) {
      var item = document.createElement("li");
      var button = document.createElement("button");
      button.type = "button";
      var first = entry.query.replace(/\s+/g, " ").trim();
      button.textContent = (entry.operationName || first.slice(0, 60));
      button.title = entry.at;
      button.addEventListener("click", function () {
        state.query.setValue(entry.query);
        state.variables.setValue(entry.variables || "");
        state.query.focus();
      });
      item.appendChild(button);
      list.appendChild(item);
    });
  }

  // ---------------------------------------------------------------------------------------------
  // The documentation pane

  var docsTrail = [];

  function docsShow(view, push) {
    if (push !== false) docsTrail.push(view);
    $("docs-back").disabled = docsTrail.length <= 1;
    var body = $("docs-body");
    body.textContent = "";
    if (view.kind === "root") docsRoot(body);
    else if (view.kind === "type") docsType(body, view.name);
    else if (view.kind === "search") docsSearch(body, view.text);
  }

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text != null) node.textContent = text;
    return node;
  }

  function typeLink(ref) {
    var span = el("span", "type-ref");
    var text = typeString(ref);
    var name = namedType(ref);
    var index = text.indexOf(name);
    span.appendChild(document.createTextNode(text.slice(0, index)));
    var link = el("button", "link", name);
    link.type = "button";
    link.addEventListener("click", function () { docsShow({ kind: "type", name: name }); });
    span.appendChild(link);
    span.appendChild(document.createTextNode(text.slice(index + name.length)));
    return span;
  }

  function docsRoot(body) {
    var schema = state.schema;
    body.appendChild(el("h2", null, "Schema"));
    body.appendChild(el("p", "description", "The entry points of the API. Choose a type to see its fields."));
    [["query", schema.query], ["mutation", schema.mutation], ["subscription", schema.subscription]].forEach(function (pair) {
      if (!pair[1]) return;
      var row = el("p", "field");
      row.appendChild(el("span", "keyword", pair[0] + ": "));
      row.appendChild(typeLink({ kind: "OBJECT", name: pair[1] }));
      body.appendChild(row);
    });
  }

  function docsField(field, parent) {
    var item = el("li", "field" + (field.isDeprecated ? " deprecated" : ""));
    var head = el("div", "field-head");
    head.appendChild(el("span", "field-name", field.name));
    if (field.args && field.args.length) {
      head.appendChild(document.createTextNode("("));
      field.args.forEach(function (arg, index) {
        if (index) head.appendChild(document.createTextNode(", "));
        head.appendChild(el("span", "arg-name", arg.name));
        head.appendChild(document.createTextNode(": "));
        head.appendChild(typeLink(arg.type));
      });
      head.appendChild(document.createTextNode(")"));
    }
    if (field.type) {
      head.appendChild(document.createTextNode(": "));
      head.appendChild(typeLink(field.type));
    }
    item.appendChild(head);
    if (parent) item.appendChild(el("div", "field-parent", "on " + parent));
    if (field.description) item.appendChild(el("div", "description", field.description));
    if (field.isDeprecated) item.appendChild(el("div", "deprecation", "Deprecated: " + (field.deprecationReason || "no reason given")));
    (field.args || []).forEach(function (arg) {
      if (arg.description) item.appendChild(el("div", "description arg", arg.name + ": " + arg.description));
    });
    return item;
  }

  function docsType(body, name) {
    var type = state.schema.types[name];
    if (!type) { body.appendChild(el("p", null, "No type " + name + ".")); return; }
    body.appendChild(el("h2", null, name));
    body.appendChild(el("p", "kind", type.kind.toLowerCase().replace("_", " ")));
    if (type.description) body.appendChild(el("p", "description", type.description));
    var list = el("ul", "fields");
    (type.fields || type.inputFields || []).forEach(function (field) { list.appendChild(docsField(field)); });
    (type.enumValues || []).forEach(function (value) { list.appendChild(docsField({ name: value.name, description: value.description, isDeprecated: value.isDeprecated, deprecationReason: value.deprecationReason })); });
    (type.possibleTypes || []).forEach(function (possible) { var item = el("li", "field"); item.appendChild(typeLink(possible)); list.appendChild(item); });
    body.appendChild(list);
  }

  function docsSearch(body, text) {
    var needle = text.toLowerCase();
    body.appendChild(el("h2", null, "Search: " + text));
    var list = el("ul", "fields");
    Object.keys(state.schema.types).sort().forEach(function (name) {
      if (name.indexOf("__") === 0) return;
      var type = state.schema.types[name];
      if (name.toLowerCase().indexOf(needle) >= 0) {
        var item = el("li", "field");
        item.appendChild(typeLink({ kind: type.kind, name: name }));
        list.appendChild(item);
      }
      (type.fields || type.inputFields || []).forEach(function (field) {
        if (field.name.toLowerCase().indexOf(needle) >= 0 || (field.description || "").toLowerCase().indexOf(needle) >= 0) list.appendChild(docsField(field, name));
      });
    });
    if (!list.children.length) body.appendChild(el("p", null, "Nothing matches."));
    body.appendChild(list);
  }

  function toggleSide(id, button) {
    var pane = $(id);
    pane.hidden = !pane.hidden;
    button.setAttribute("aria-expanded", String(!pane.hidden));
    ["docs", "history"].forEach(function (other) {
      if (other !== id && !pane.hidden) { $(other).hidden = true; $(other + "-toggle").setAttribute("aria-expanded", "false"); }
    });
    if (!pane.hidden) {
      var focusable = pane.querySelector("input, button:not([disabled])");
      if (focusable) focusable.focus();
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Start

  function start() {
    var params = new URLSearchParams(location.search);
    var initial = params.get("query") || "# Welcome to the RocketReserver GraphQL explorer.\n# Ctrl-Space completes, Ctrl-Enter runs the operation at the cursor.\n{\n  launches(pageSize: 3) {\n    launches {\n      id\n      site\n      mission {\n        name\n      }\n    }\n  }\n}\n";
    var savedHeaders = sessionStorage.getItem(HEADERS_KEY) || "{}";
    state.query = CodeMirror.fromTextArea($("query-source"), {
      mode: "graphql",
      lineNumbers: true,
      tabSize: 2,
      indentUnit: 2,
      matchBrackets: true,
      autoCloseBrackets: true,
      gutters: ["CodeMirror-lint-markers", "CodeMirror-linenumbers"],
      extraKeys: {
        "Ctrl-Enter": run, "Cmd-Enter": run,
        "Ctrl-Space": function (cm) { if (state.schema) cm.showHint({ completeSingle: false }); },
        "Ctrl-/": "toggleComment", "Cmd-/": "toggleComment",
        "Shift-Ctrl-P": function (cm) { cm.setValue(prettify(cm.getValue())); },
        // Tab leaves the editor for keyboard users only when the completion list is closed.
        Tab: false, "Shift-Tab": false
      }
    });
    state.query.setValue(initial);
    // Until the next check answers, the problems listed are those of an older text.
    state.query.on("change", function () { $("problems").classList.add("stale"); });
    state.variables = jsonEditor("variables-source", params.get("variables") || "{}");
    state.headers = jsonEditor("headers-source", savedHeaders);
    state.headers.on("change", function (cm) { sessionStorage.setItem(HEADERS_KEY, cm.getValue()); });
    var operationName = params.get("operationName");
    if (operationName) {
      var found = definitions(initial).filter(function (definition) { return definition.name === operationName; })[0];
      if (found) state.query.setCursor(state.query.posFromIndex(found.start));
    }
    state.query.focus();
    window.explorerTiming = { editor: performance.now() };

    $("run").addEventListener("click", run);
    $("prettify").addEventListener("click", function () { state.query.setValue(prettify(state.query.getValue())); state.query.focus(); });
    $("docs-toggle").addEventListener("click", function () { toggleSide("docs", $("docs-toggle")); });
    $("history-toggle").addEventListener("click", function () { toggleSide("history", $("history-toggle")); });
    $("history-clear").addEventListener("click", function () { localStorage.removeItem(HISTORY_KEY); renderHistory(); });
    $("login").addEventListener("submit", logIn);
    $("docs-back").addEventListener("click", function () { if (docsTrail.length > 1) { docsTrail.pop(); docsShow(docsTrail[docsTrail.length - 1], false); } });
    $("docs-search").addEventListener("input", function (event) {
      var text = event.target.value.trim();
      docsShow(text ? { kind: "search", text: text } : { kind: "root" });
    });
    ["variables", "headers"].forEach(function (name) {
      $("tab-" + name).addEventListener("click", function () {
        ["variables", "headers"].forEach(function (other) {
          $(other + "-wrap").hidden = other !== name;
          $("tab-" + other).setAttribute("aria-selected", String(other === name));
        });
        state[name].refresh();
        state[name].focus();
      });
    });
    document.addEventListener("keydown", function (event) {
      if (event.key === "Escape" && !$("docs").hidden) { toggleSide("docs", $("docs-toggle")); $("docs-toggle").focus(); }
      if (event.key === "Escape" && !$("history").hidden) { toggleSide("history", $("history-toggle")); $("history-toggle").focus(); }
    });
    renderHistory();

    schemaPromise.then(function (schema) {
      state.schema = schema;
      state.query.setOption("hintOptions", {
        hint: function (cm) {
          var result = completions(schema, cm);
          CodeMirror.on(result, "select", showHintDescription);
          CodeMirror.on(result, "close", hideHintDescription);
          return result;
        },
        completeSingle: false,
        closeCharacters: /[\s()\[\]{};:>,]/
      });
      state.query.setOption("lint", { getAnnotations: validate, async: true, delay: 250 });
      // Completion opens by itself on a letter, "@", "$" or after "...".
      state.query.on("inputRead", function (cm, change) {
        if (change.origin !== "+input" || cm.state.completionActive) return;
        if (/^[_A-Za-z@$.]$/.test(change.text[0])) cm.showHint({ completeSingle: false });
      });
      docsShow({ kind: "root" });
      window.explorerTiming.schema = performance.now();
      document.body.setAttribute("data-ready", "true");
    }, function (error) {
      setResponse("schema unavailable", "The schema could not be loaded: " + error.message, true);
      document.body.setAttribute("data-ready", "failed");
    });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
