import Foundation
import Capacitor
import StoreKit

/// "Restore purchases" for the web layer (apps/web/src/lib/store-kit.ts): asks the App Store to sync
/// this Apple ID's purchases, then answers the signed JWS of every current entitlement. The server
/// verifies each one (POST /subscriptions/validate-receipt); nothing here decides a tier.
@objc(StoreKitPlugin)
public class StoreKitPlugin: CAPPlugin, CAPBridgedPlugin {
    public let identifier = "StoreKitPlugin"
    public let jsName = "StoreKit"
    public let pluginMethods: [CAPPluginMethod] = [
        CAPPluginMethod(name: "currentTransactions", returnType: CAPPluginReturnPromise)
    ]

    @objc func currentTransactions(_ call: CAPPluginCall) {
        guard #available(iOS 15.0, *) else {
            call.reject("Restoring purchases needs iOS 15 or later.")
            return
        }
        Task {
            // A restore button is the one place Apple wants AppStore.sync(): it may ask for the Apple ID
            // password. If the user cancels, what the device already knows is still sent.
            try? await AppStore.sync()
            var transactions: [String] = []
            for await result in Transaction.currentEntitlements {
                transactions.append(result.jwsRepresentation)
            }
            call.resolve(["transactions": transactions])
        }
    }
}
