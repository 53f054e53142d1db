// macOS only. On Linux, Checks/AppleAdapters type-checks this file against stub AppKit and
// ObjectiveC modules written from Apple's documentation.
#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit
import TetherSignals

extension ReactiveExtensions where Base: NSView {
  /// Hides or shows the view.
  public var isHidden: Bond<Bool> {
    bond { view, isHidden in view.isHidden = isHidden }
  }

  /// Sets the view's opacity.
  public var alphaValue: Bond<CGFloat> {
    bond { view, alpha in view.alphaValue = alpha }
  }
}

extension ReactiveExtensions where Base: NSImageView {
  /// Sets the image view's image.
  public var image: Bond<NSImage?> {
    bond { imageView, image in imageView.image = image }
  }
}

extension NSImageView: BindableProtocol {
  /// Binds a signal of images to the image view (`bind(to: imageView)`, as in Bond).
  nonisolated public func bind(signal: Signal<NSImage?, Never>) -> any Disposable {
    reactive.image.bind(signal: signal)
  }
}

extension ReactiveExtensions where Base: NSProgressIndicator {
  /// Starts (`true`) or stops (`false`) the indicator's animation.
  public var isAnimating: Bond<Bool> {
    bond { indicator, isAnimating in
      if isAnimating { indicator.startAnimation(nil) } else { indicator.stopAnimation(nil) }
    }
  }

  /// Sets the indicator's value.
  public var doubleValue: Bond<Double> {
    bond { indicator, value in indicator.doubleValue = value }
  }
}
#endif
