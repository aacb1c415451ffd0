/// A piece of an HTML page. Text is escaped when the page is rendered, and element and attribute
/// names are `StaticString`s from this module's code, so nothing from a file, a form or the database
/// can become markup: escaping holds by construction, not by remembering it at each place.
///
///     let page = element("p", [.class("note")]) { "A staff name: "; staff.name }
///     page.render()   // <p class="note">A staff name: &lt;script&gt;…</p>
public struct Node: Sendable {
    fileprivate enum Kind: Sendable {
        case element(StaticString, [Attribute], [Node])
        case text(String)
        case fragment([Node])
    }

    fileprivate let kind: Kind

    /// Text, escaped when rendered.
    public static func text(_ text: String) -> Node { Node(kind: .text(text)) }
    /// Nodes side by side, without an element around them.
    public static func fragment(_ nodes: [Node]) -> Node { Node(kind: .fragment(nodes)) }
    /// Nothing.
    public static let empty = Node(kind: .fragment([]))

    /// The markup of this node.
    public func render() -> String {
        var output = ""
        render(into: &output)
        return output
    }

    /// A whole page: the document type, then this node (an `html` element).
    public func renderDocument() -> String {
        "<!DOCTYPE html>\n" + render()
    }

    private func render(into output: inout String) {
        switch kind {
        case let .text(text):
            output += Node.escape(text)
        case let .fragment(nodes):
            for node in nodes { node.render(into: &output) }
        case let .element(name, attributes, children):
            output += "<\(name)"
            for attribute in attributes {
                if let value = attribute.value {
                    output += " \(attribute.name)=\"\(Node.escape(value))\""
                } else {
                    output += " \(attribute.name)"
                }
            }
            output += ">"
            guard !Node.voidElements.contains(name.description) else { return }
            for child in children { child.render(into: &output) }
            output += "</\(name)>"
        }
    }

    /// Elements that have no content and no end tag.
    private static let voidElements: Set<String> = ["meta", "link", "input", "br", "hr", "img"]

    /// Text made safe for element content and for quoted attribute values.
    static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            case "\u{0}": escaped += "\u{FFFD}"
            default: escaped.unicodeScalars.append(character)
            }
        }
        return escaped
    }
}

/// One attribute of an element; its value is escaped when rendered. A nil value is a boolean
/// attribute (`checked`, `required`).
public struct Attribute: Sendable {
    let name: StaticString
    let value: String?

    public init(_ name: StaticString, _ value: String?) {
        self.name = name
        self.value = value
    }

    public static func `class`(_ value: String) -> Attribute { Attribute("class", value) }
    public static func id(_ value: String) -> Attribute { Attribute("id", value) }
    public static func href(_ value: String) -> Attribute { Attribute("href", value) }
    public static func name(_ value: String) -> Attribute { Attribute("name", value) }
    public static func value(_ value: String) -> Attribute { Attribute("value", value) }
    public static func type(_ value: String) -> Attribute { Attribute("type", value) }
    public static func `for`(_ value: String) -> Attribute { Attribute("for", value) }
    /// A boolean attribute, present or not.
    public static func flag(_ name: StaticString, _ on: Bool = true) -> Attribute? { on ? Attribute(name, nil) : nil }
}

/// Builds the children of an element from statements: nodes, strings (as text) and control flow.
@resultBuilder
public enum NodeBuilder {
    public static func buildBlock(_ parts: [Node]...) -> [Node] { parts.flatMap { $0 } }
    public static func buildExpression(_ node: Node) -> [Node] { [node] }
    public static func buildExpression(_ text: String) -> [Node] { [.text(text)] }
    public static func buildExpression(_ nodes: [Node]) -> [Node] { nodes }
    public static func buildOptional(_ nodes: [Node]?) -> [Node] { nodes ?? [] }
    public static func buildEither(first nodes: [Node]) -> [Node] { nodes }
    public static func buildEither(second nodes: [Node]) -> [Node] { nodes }
    public static func buildArray(_ parts: [[Node]]) -> [Node] { parts.flatMap { $0 } }
}

/// An element with attributes (nil ones left out) and children.
public func element(_ name: StaticString, _ attributes: [Attribute?] = [], @NodeBuilder _ children: () -> [Node] = { [] }) -> Node {
    Node(kind: .element(name, attributes.compactMap { $0 }, children()))
}
