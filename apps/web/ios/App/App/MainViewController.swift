import UIKit
import Capacitor

/// The app's bridge view controller: registers the plugins that live in this project (not in npm).
class MainViewController: CAPBridgeViewController {
    override open func capacitorDidLoad() {
        bridge?.registerPluginInstance(StoreKitPlugin())
    }
}
