import CoinsTerminal
import CoinsUnitTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

@Suite struct OutputSinkTests {
  @Test func capturingSinkKeepsEverythingInOrder() {
    let sink = CapturingSink()
    sink.write("one\n")
    sink.write("")
    sink.write("two 🚀\n")
    expectEqual(sink.text, "one\ntwo 🚀\n")
  }

  @Test func capturingSinkIsSafeFromManyTasks() async {
    let sink = CapturingSink()
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<50 { group.addTask { sink.write("x") } }
    }
    expectEqual(sink.text, String(repeating: "x", count: 50))
  }

  @Test func fileDescriptorSinkWritesAllBytes() throws {
    var fds: [Int32] = [0, 0]
    expectEqual(pipe(&fds), 0)
    defer { close(fds[0]) }
    let text = "Bitcoin 比特币 " + String(repeating: "▁▂▃", count: 1000) + "\n"
    FileDescriptorSink(descriptor: fds[1]).write(text)
    close(fds[1])
    let data = FileHandle(fileDescriptor: fds[0]).readDataToEndOfFile()
    expectEqual(String(decoding: data, as: UTF8.self), text)
  }

  @Test func fileDescriptorSinkWritesBytesAsTheyAre() throws {
    var fds: [Int32] = [0, 0]
    expectEqual(pipe(&fds), 0)
    defer { close(fds[0]) }
    let sink = FileDescriptorSink(descriptor: fds[1])
    sink.write(utf8: Array("₿0.5 ".utf8))
    sink.write(utf8: [])
    sink.write("then text\n")
    close(fds[1])
    let data = FileHandle(fileDescriptor: fds[0]).readDataToEndOfFile()
    expectEqual(Array(data), Array("₿0.5 then text\n".utf8))
  }

  @Test func aSinkOfTextTakesBytesAsTheStringTheySpell() {
    let sink = CapturingSink()
    sink.write(utf8: Array("比特币\n".utf8))
    expectEqual(sink.text, "比特币\n")
  }
}
