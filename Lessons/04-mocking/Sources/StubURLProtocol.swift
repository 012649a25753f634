import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The `URLProtocol` behind `StubServer`: it claims every request of a
/// session configured with it and answers from the server registered for the
/// request's host.
///
/// You never create one: `URLSession` does, once per request, because the
/// session's configuration lists this class in `protocolClasses`.
public final class StubURLProtocol: URLProtocol {
  // Claim every request, so that nothing falls through to the real network.
  override public class func canInit(with request: URLRequest) -> Bool { true }

  override public class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

  override public func startLoading() {
    guard let url = request.url, let host = url.host(),
          let server = StubServer.registered(host: host) else {
      // No test owns this host: fail the request as if the host did not exist.
      client?.urlProtocol(self, didFailWithError: URLError(.cannotFindHost))
      return
    }
    guard let answer = server.receive(RecordedRequest(request)) else {
      // The test never called `respond`: fail rather than invent an answer.
      client?.urlProtocol(self, didFailWithError: URLError(.resourceUnavailable))
      return
    }
    let response = HTTPURLResponse(
      url: url, statusCode: answer.status, httpVersion: "HTTP/1.1", headerFields: answer.headers)!
    client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
    client?.urlProtocol(self, didLoad: answer.body)
    client?.urlProtocolDidFinishLoading(self)
  }

  // Every answer is given at once in startLoading, so there is nothing to stop.
  override public func stopLoading() {}
}
