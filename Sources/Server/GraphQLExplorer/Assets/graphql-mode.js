// A CodeMirror 5 mode for GraphQL documents (executable and type-system definitions): tokens as
// the GraphQL specification's lexer reads them, and indentation by bracket depth.
(function (CodeMirror) {
  "use strict";

  var KEYWORDS = /^(query|mutation|subscription|fragment|on|type|input|enum|interface|union|scalar|schema|extend|directive|implements|repeatable)$/;
  var ATOMS = /^(true|false|null)$/;
  var NAME = /^[_A-Za-z][_0-9A-Za-z]*/;

  CodeMirror.defineMode("graphql", function (config) {
    var indentUnit = config.indentUnit || 2;

    function blockString(stream, state) {
      while (!stream.eol()) {
        if (stream.match('\\"""')) continue;
        if (stream.match('"""')) { state.blockString = false; return "string"; }
        stream.next();
      }
      return "string";
    }

    return {
      startState: function () {
        return { depth: 0, blockString: false, last: null };
      },
      copyState: function (state) {
        return { depth: state.depth, blockString: state.blockString, last: state.last };
      },
      token: function (stream, state) {
        if (state.blockString) return blockString(stream, state);
        if (stream.eatSpace()) return null;
        var ch = stream.peek();
        var style = null;
        if (ch === "#") {
          stream.skipToEnd();
          return "comment";
        }
        if (stream.match('"""')) {
          state.blockString = true;
          style = blockString(stream, state);
        } else if (ch === '"') {
          stream.next();
          var c;
          while ((c = stream.next()) != null) {
            if (c === "\\") stream.next();
            else if (c === '"') break;
          }
          style = "string";
        } else if (stream.match(/^-?\d+(\.\d+)?([eE][+-]?\d+)?/)) {
          style = "number";
        } else if (ch === "$") {
          stream.next();
          stream.match(NAME);
          style = "variable-2";
        } else if (ch === "@") {
          stream.next();
          stream.match(NAME);
          style = "meta";
        } else if (stream.match("...")) {
          style = "meta";
        } else if (stream.match(NAME)) {
          var word = stream.current();
          if (ATOMS.test(word)) style = "atom";
          else if (KEYWORDS.test(word) && state.last !== "{" && state.last !== "name") style = "keyword";
          else if (state.last === "on" || state.last === ":" || state.last === "type" || state.last === "[") {
            // A type condition, a variable's type or a definition's name.
            style = /^[A-Z]/.test(word) || state.last === "on" ? "type" : "property";
          } else if (stream.match(/^\s*:/, false)) style = "attribute";
          else style = "property";
          state.last = style === "keyword" ? (word === "on" ? "on" : "type") : "name";
          return style;
        } else if ("{[(".indexOf(ch) >= 0) {
          stream.next();
          state.depth++;
          state.last = ch;
          return "bracket";
        } else if ("}])".indexOf(ch) >= 0) {
          stream.next();
          state.depth = Math.max(0, state.depth - 1);
          state.last = ch;
          return "bracket";
        } else {
          stream.next();
          state.last = ch;
          return ch === "!" || ch === "=" || ch === "|" ? "operator" : null;
        }
        state.last = "value";
        return style;
      },
      indent: function (state, textAfter) {
        if (state.blockString) return CodeMirror.Pass;
        var depth = state.depth - (/^\s*[}\])]/.test(textAfter) ? 1 : 0);
        return Math.max(0, depth) * indentUnit;
      },
      electricInput: /^\s*[}\])]$/,
      lineComment: "#",
      closeBrackets: '()[]{}""',
      fold: "brace"
    };
  });

  CodeMirror.defineMIME("application/graphql", "graphql");
})(CodeMirror);
