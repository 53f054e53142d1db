import Foundation
import TetherPlaygroundPages

// `swift run playground` runs every page; `swift run playground NAME...` runs the named pages;
// `--list` lists them.
let arguments = Array(CommandLine.arguments.dropFirst())

if arguments.contains("--list") || arguments.contains("-l") {
  for page in PlaygroundPages.all {
    print("\(page.name.padding(toLength: 24, withPad: " ", startingAt: 0)) \(page.summary)")
  }
  exit(0)
}
if arguments.contains("--help") || arguments.contains("-h") {
  print("usage: swift run playground [--list] [PAGE ...]")
  exit(0)
}

var pages: [PlaygroundPage] = []
for name in arguments {
  guard let page = PlaygroundPages.page(named: name) else {
    let known = PlaygroundPages.all.map(\.name).joined(separator: ", ")
    FileHandle.standardError.write(Data("playground: no page named '\(name)'. Pages: \(known)\n".utf8))
    exit(2)
  }
  pages.append(page)
}
if pages.isEmpty { pages = PlaygroundPages.all }

for (position, page) in pages.enumerated() {
  if position > 0 { print("") }
  _ = page.run(echo: true)
}
