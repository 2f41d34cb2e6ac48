/* Generated from the API's OpenAPI document by runtime/web-build.ts: do not edit. */
export interface paths {
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Reachability of the database, the event store and the chain, and whether every projection runs
         * @description Access: public
         */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Public runtime configuration
         * @description Access: public
         */
        get: operations["getConfig"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Log in with e-mail and password
         * @description Access: public
         */
        post: operations["postAuthLogin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Register from an invitation; creates the account and its custody signing key, and logs in
         * @description Access: public
         */
        post: operations["postAuthRegister"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate the refresh cookie and get a new access token
         * @description Access: public
         */
        post: operations["postAuthRefresh"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Log out: revoke the session (refresh-token family) named by the refresh cookie, or else by the access token, and clear the cookie
         * @description Access: public
         */
        post: operations["postAuthLogout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/forgot-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Request a password-reset link by mail
         * @description Access: public
         */
        post: operations["postAuthForgotPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/reset-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set a new password with a reset link; every session of the user is revoked
         * @description Access: public
         */
        post: operations["postAuthResetPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/change-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change your own password; your other sessions are revoked
         * @description Access: authenticated
         */
        post: operations["postAuthChangePassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The current user
         * @description Access: authenticated
         */
        get: operations["getUsersMe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/me/abilities": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What the current user may do (the shared rule set), so a UI can hide the rest
         * @description Access: authenticated
         */
        get: operations["getUsersMeAbilities"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the organization's internal users
         * @description Ability: `read · User`
         */
        get: operations["getUsers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/selectable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Users selectable as account members (active people of the organization)
         * @description Ability: `read · User`
         */
        get: operations["getUsersSelectable"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a user of your organization
         * @description Ability: `read · User`
         */
        get: operations["getUsersByUserId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/me/pinned-wallets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Set your pinned accounts
         * @description Ability: `read · User`
         */
        patch: operations["patchUsersMePinnedWallets"];
        trace?: never;
    };
    "/users/me/locale": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Set your language
         * @description Ability: `read · User`
         */
        patch: operations["patchUsersMeLocale"];
        trace?: never;
    };
    "/users/{userId}/roles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change a user's role
         * @description Ability: `manage · User`
         */
        patch: operations["patchUsersByUserIdRoles"];
        trace?: never;
    };
    "/users/{userId}/deactivate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Deactivate a user; their tokens stop working at once
         * @description Ability: `manage · User`
         */
        patch: operations["patchUsersByUserIdDeactivate"];
        trace?: never;
    };
    "/invitations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List invitations of your organization (and those it issued to onboard other organizations)
         * @description Ability: `read · Invitation`
         */
        get: operations["getInvitations"];
        put?: never;
        /**
         * Invite a person into your organization with a role; the link travels by mail
         * @description Ability: `manage · Invitation`
         */
        post: operations["postInvitations"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/invitations/validate/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Check an invitation link before registering
         * @description Access: public
         */
        get: operations["getInvitationsValidateByToken"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/invitations/{invitationId}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke a pending invitation
         * @description Ability: `manage · Invitation`
         */
        post: operations["postInvitationsByInvitationIdRevoke"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/invitations/{invitationId}/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mail a new link with a new expiry; the old link stops working
         * @description Ability: `manage · Invitation`
         */
        post: operations["postInvitationsByInvitationIdResend"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/organizations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List organizations (CENTRAL callers only)
         * @description Ability: `read · Organization`
         */
        get: operations["getOrganizations"];
        put?: never;
        /**
         * Create a commercial organization (PENDING until its first administrator registers)
         * @description Ability: `manage · Organization`
         */
        post: operations["postOrganizations"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/organizations/{organizationId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an organization: your own, or any for the central bank
         * @description Ability: `read · Organization`
         */
        get: operations["getOrganizationsByOrganizationId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Rename an organization, suspend (SUSPENDED) or reinstate (ACTIVE) it, or set its daily disbursement limit
         * @description Ability: `manage · Organization`
         */
        patch: operations["patchOrganizationsByOrganizationId"];
        trace?: never;
    };
    "/organizations/{organizationId}/admins/invite": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Invite an organization's administrator (onboarding); the first one to register activates it
         * @description Ability: `manage · Organization`
         */
        post: operations["postOrganizationsByOrganizationIdAdminsInvite"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/organizations/{organizationId}/exchange-address": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set (link) a commercial organization's exchange address
         * @description Ability: `manage · Organization`
         */
        post: operations["postOrganizationsByOrganizationIdExchangeAddress"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/organizations/{organizationId}/freeze": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Freeze the exchange address: blocks disbursement and redemption
         * @description Ability: `manage · Organization`
         */
        post: operations["postOrganizationsByOrganizationIdFreeze"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/organizations/{organizationId}/unfreeze": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Unfreeze the exchange address
         * @description Ability: `manage · Organization`
         */
        post: operations["postOrganizationsByOrganizationIdUnfreeze"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/organizations/{organizationId}/chain-rpc": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Set or clear the organization's chain RPC endpoint (in use when PER_ORG_RPC_ENABLED)
         * @description Ability: `manage · Organization`
         */
        patch: operations["patchOrganizationsByOrganizationIdChainRpc"];
        trace?: never;
    };
    "/organizations/{organizationId}/chain-rpc/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Try an RPC endpoint before saving it: chain id and height, or why it failed
         * @description Ability: `manage · Organization`
         */
        post: operations["postOrganizationsByOrganizationIdChainRpcTest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/control-panel/alerts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Operational warnings: stopped read models, unreachable chain RPC, unlinked or frozen exchange addresses, expiring invitations
         * @description Ability: `manage · Organization`
         */
        get: operations["getControlPanelAlerts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/control-panel/internal-users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The organization's people and open invitations, for the internal-users tab
         * @description Ability: `manage · User`
         */
        get: operations["getControlPanelInternalUsers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dev/outbox": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Mail kept by MAIL_TRANSPORT=outbox, newest first (development only: absent under any other transport and in production)
         * @description Access: public
         */
        get: operations["getDevOutbox"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/multisigs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List accounts (members see those they belong to; administrators and auditors all of the organization’s)
         * @description Access: authenticated
         */
        get: operations["getMultisigs"];
        put?: never;
        /**
         * Create a custom account: its group policy on the chain (members with weights, threshold)
         * @description Ability: `create · Multisig`
         */
        post: operations["postMultisigs"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/multisigs/{multisigId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Account detail
         * @description Access: authenticated
         */
        get: operations["getMultisigsByMultisigId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Edit the label
         * @description Ability: `manage · Multisig`
         */
        patch: operations["patchMultisigsByMultisigId"];
        trace?: never;
    };
    "/multisigs/{multisigId}/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Members and their weights
         * @description Access: authenticated
         */
        get: operations["getMultisigsByMultisigIdMembers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/multisigs/{multisigId}/policy": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Decision policy (threshold)
         * @description Access: authenticated
         */
        get: operations["getMultisigsByMultisigIdPolicy"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/multisigs/{multisigId}/balance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Live balance, read from the chain
         * @description Access: authenticated
         */
        get: operations["getMultisigsByMultisigIdBalance"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/multisigs/{multisigId}/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Chain reachability and height, as seen for this account
         * @description Access: authenticated
         */
        get: operations["getMultisigsByMultisigIdHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/multisigs/{multisigId}/archive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Archive (an archived account takes no new proposals)
         * @description Ability: `manage · Multisig`
         */
        post: operations["postMultisigsByMultisigIdArchive"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/multisigs/{multisigId}/unarchive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Unarchive
         * @description Ability: `manage · Multisig`
         */
        post: operations["postMultisigsByMultisigIdUnarchive"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/multisigs/{multisigId}/proposals/mint": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mint proposal (central bank; the native token only from the ISSUANCE account)
         * @description Ability: `create · Proposal`
         */
        post: operations["postMultisigsByMultisigIdProposalsMint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/multisigs/{multisigId}/proposals/burn": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Burn proposal (central bank; from the account’s own balance)
         * @description Ability: `create · Proposal`
         */
        post: operations["postMultisigsByMultisigIdProposalsBurn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/multisigs/{multisigId}/proposals/transfer": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Transfer proposal (respects the account’s whitelist)
         * @description Ability: `create · Proposal`
         */
        post: operations["postMultisigsByMultisigIdProposalsTransfer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/multisigs/{multisigId}/proposals/group-changes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Group-change proposal: new members and weights, new threshold, or both
         * @description Ability: `create · Proposal`
         */
        post: operations["postMultisigsByMultisigIdProposalsGroupChanges"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/multisigs/{multisigId}/proposals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List proposals, newest first
         * @description Ability: `read · Proposal`
         */
        get: operations["getMultisigsByMultisigIdProposals"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/multisigs/{multisigId}/proposals/{proposalId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Proposal detail
         * @description Ability: `read · Proposal`
         */
        get: operations["getMultisigsByMultisigIdProposalsByProposalId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/multisigs/{multisigId}/proposals/{proposalId}/execute": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Execute an ACCEPTED proposal whose execution failed or is pending
         * @description Ability: `create · Proposal`
         */
        post: operations["postMultisigsByMultisigIdProposalsByProposalIdExecute"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/multisigs/{multisigId}/proposals/{proposalId}/withdraw": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Withdraw a SUBMITTED proposal (its proposer only)
         * @description Ability: `create · Proposal`
         */
        post: operations["postMultisigsByMultisigIdProposalsByProposalIdWithdraw"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/multisigs/{multisigId}/proposals/{proposalId}/votes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Votes of a proposal
         * @description Ability: `read · Vote`
         */
        get: operations["getMultisigsByMultisigIdProposalsByProposalIdVotes"];
        put?: never;
        /**
         * Cast a signed vote (EXEC_TRY: executes the moment the threshold is met)
         * @description Ability: `create · Vote`
         */
        post: operations["postMultisigsByMultisigIdProposalsByProposalIdVotes"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/approval-queue": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * SUBMITTED proposals awaiting my vote, least time remaining first
         * @description Ability: `read · Proposal`
         */
        get: operations["getApprovalQueue"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/multisigs/{multisigId}/whitelist": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An account's whitelist
         * @description Access: authenticated
         */
        get: operations["getMultisigsByMultisigIdWhitelist"];
        put?: never;
        /**
         * Whitelist an address (recorded as WHITELIST_ADD)
         * @description Ability: `manage · WhitelistAddress`
         */
        post: operations["postMultisigsByMultisigIdWhitelist"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/multisigs/{multisigId}/whitelist/{addressId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a whitelist entry (recorded as WHITELIST_REMOVE)
         * @description Ability: `manage · WhitelistAddress`
         */
        delete: operations["deleteMultisigsByMultisigIdWhitelistByAddressId"];
        options?: never;
        head?: never;
        /**
         * Edit a whitelist entry
         * @description Ability: `manage · WhitelistAddress`
         */
        patch: operations["patchMultisigsByMultisigIdWhitelistByAddressId"];
        trace?: never;
    };
    "/tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the token registry
         * @description Access: authenticated
         */
        get: operations["getTokens"];
        put?: never;
        /**
         * Register a token
         * @description Ability: `manage · Token`
         */
        post: operations["postTokens"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tokens/autodetect": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a denom and its live supply from the chain
         * @description Ability: `manage · Token`
         */
        get: operations["getTokensAutodetect"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tokens/{tokenId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A token of the registry
         * @description Access: authenticated
         */
        get: operations["getTokensByTokenId"];
        put?: never;
        post?: never;
        /**
         * Remove a token from the registry (never the native one)
         * @description Ability: `manage · Token`
         */
        delete: operations["deleteTokensByTokenId"];
        options?: never;
        head?: never;
        /**
         * Update a token’s symbol, name or exponent
         * @description Ability: `manage · Token`
         */
        patch: operations["patchTokensByTokenId"];
        trace?: never;
    };
    "/address-book": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * My address book
         * @description Ability: `read · AddressBook`
         */
        get: operations["getAddressBook"];
        put?: never;
        /**
         * Add an address book entry
         * @description Ability: `manage · AddressBook`
         */
        post: operations["postAddressBook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/address-book/{entryId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete an address book entry
         * @description Ability: `manage · AddressBook`
         */
        delete: operations["deleteAddressBookByEntryId"];
        options?: never;
        head?: never;
        /**
         * Edit an address book entry
         * @description Ability: `manage · AddressBook`
         */
        patch: operations["patchAddressBookByEntryId"];
        trace?: never;
    };
    "/organizations/{organizationId}/disbursement-request": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Fiat → CBDC: the BRIDGING account pays the organization’s exchange address (signed by the bridging identity; executes at once)
         * @description Ability: `manage · Bridging`
         */
        post: operations["postOrganizationsByOrganizationIdDisbursementRequest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/organizations/{organizationId}/redemption-request": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * CBDC → fiat: the exchange address pays back the BRIDGING account, capped by the exchange balance
         * @description Ability: `manage · Bridging`
         */
        post: operations["postOrganizationsByOrganizationIdRedemptionRequest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/activity-log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The organization’s activity log: CHAIN and ADMIN entries, newest first
         * @description Ability: `read · Operation`
         */
        get: operations["getActivityLog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operations/lookup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Resolve an operation by what identifies it: a proposal id (with its account, as legacy ?multisigId= links carry it) or a tx hash
         * @description Ability: `read · Operation`
         */
        get: operations["getOperationsLookup"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operations/{operationId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Operation detail from its id alone: the CHAIN template (transaction, votes, lifecycle, receipts, Sign/Reject) or the ADMIN one
         * @description Access: authenticated
         */
        get: operations["getOperationsByOperationId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Per-organization metrics: live supply per token, wallets, externalCirculating, and the issuer’s or participant’s figures
         * @description Ability: `read · Dashboard`
         */
        get: operations["getDashboardMetrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/export/transactions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download the movements of value of the accounts the caller may see (administrators and auditors: all; members: their own)
         * @description Ability: `read · Export`
         */
        get: operations["getExportTransactions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/export/governance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download the governance activity: proposals with lifecycle and tally, administrative actions (members: their accounts’ only)
         * @description Ability: `read · Export`
         */
        get: operations["getExportGovernance"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/instant-payments/banks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Banks a customer can pick (ACTIVE commercial banks)
         * @description Access: public
         */
        get: operations["getInstantPaymentsBanks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/instant-payments/demo/clients": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Self-service demo wallet registration (IP_DEMO_ENABLED), its starting balance drawn on the bank’s backing headroom (throttled)
         * @description Access: public
         */
        post: operations["postInstantPaymentsDemoClients"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/instant-payments/aliases/{alias}/availability": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Live alias availability check (throttled)
         * @description Access: public
         */
        get: operations["getInstantPaymentsAliasesByAliasAvailability"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/instant-payments/payees/{alias}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Whom an @alias pays, for the payer to confirm before sending: the bank and a masked name (client token; throttled)
         * @description Access: client
         */
        get: operations["getInstantPaymentsPayeesByAlias"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/instant-payments/demo/clients/{clientId}/alias": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Register the @alias of a demo client (its own client token; IP_DEMO_ENABLED; throttled)
         * @description Access: client
         */
        post: operations["postInstantPaymentsDemoClientsByClientIdAlias"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/instant-payments/clients": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A bank’s staff registers a real retail client of their own bank (zero balance; cash-in funds it)
         * @description Ability: `create · InstantPayment`
         */
        post: operations["postInstantPaymentsClients"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/instant-payments/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The calling client: balance and alias
         * @description Access: client
         */
        get: operations["getInstantPaymentsMe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/instant-payments/me/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revokes the calling client token
         * @description Access: client
         */
        post: operations["postInstantPaymentsMeLogout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/instant-payments/me/movements": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The calling client’s payments, newest first (incoming ones once COMPLETED)
         * @description Access: client
         */
        get: operations["getInstantPaymentsMeMovements"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/instant-payments/payments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pay another client by @alias: INTERNAL completes at once, CROSS_ORGANIZATION settles in the sender bank’s next settlement batch
         * @description Access: client
         */
        post: operations["postInstantPaymentsPayments"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/instant-payments/payments/{paymentId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One payment, to its sender, or to its recipient once COMPLETED
         * @description Access: client
         */
        get: operations["getInstantPaymentsPaymentsByPaymentId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/organizations/{organizationId}/instant-payments/clients/{clientId}/cash-in": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The client paid fiat in at the bank: credits the client, within the bank’s backing headroom
         * @description Ability: `create · InstantPayment`
         */
        post: operations["postOrganizationsByOrganizationIdInstantPaymentsClientsByClientIdCashIn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/organizations/{organizationId}/instant-payments/clients/{clientId}/cash-out": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The client took fiat out at the bank: debits the client
         * @description Ability: `create · InstantPayment`
         */
        post: operations["postOrganizationsByOrganizationIdInstantPaymentsClientsByClientIdCashOut"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/organizations/{organizationId}/instant-payments/clients/{clientId}/deactivate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The client can no longer pay or be paid; its tokens stop working
         * @description Ability: `manage · InstantPayment`
         */
        post: operations["postOrganizationsByOrganizationIdInstantPaymentsClientsByClientIdDeactivate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/organizations/{organizationId}/instant-payments/account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The organization’s settlement account
         * @description Ability: `read · InstantPayment`
         */
        get: operations["getOrganizationsByOrganizationIdInstantPaymentsAccount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/organizations/{organizationId}/instant-payments/account/balance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Live balance of the settlement account, read from the chain
         * @description Ability: `read · InstantPayment`
         */
        get: operations["getOrganizationsByOrganizationIdInstantPaymentsAccountBalance"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/organizations/{organizationId}/instant-payments/dashboard": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Settlement card, KPIs split cross-bank / internal, day and hour distribution (settled payments)
         * @description Ability: `read · InstantPayment`
         */
        get: operations["getOrganizationsByOrganizationIdInstantPaymentsDashboard"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/organizations/{organizationId}/instant-payments/transactions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The bank’s payments (either side), filterable by kind, status, date and alias
         * @description Ability: `read · InstantPayment`
         */
        get: operations["getOrganizationsByOrganizationIdInstantPaymentsTransactions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/organizations/{organizationId}/instant-payments/clients": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The bank’s registered retail clients
         * @description Ability: `read · InstantPayment`
         */
        get: operations["getOrganizationsByOrganizationIdInstantPaymentsClients"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/organizations/{organizationId}/instant-payments/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download the bank’s payments as CSV or JSON
         * @description Ability: `read · InstantPayment`
         */
        get: operations["getOrganizationsByOrganizationIdInstantPaymentsExport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/instant-payments/oversight/summary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * System-wide or per-bank KPIs: settled volume, payment count, average payment, users
         * @description Ability: `read · InstantPaymentOversight`
         */
        get: operations["getInstantPaymentsOversightSummary"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/instant-payments/oversight/banks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Per-bank aggregates: settlement address, settled volume, payments, users; sortable and searchable
         * @description Ability: `read · InstantPaymentOversight`
         */
        get: operations["getInstantPaymentsOversightBanks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/instant-payments/oversight/distribution": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Settled payments by day and by hour of day (UTC), system-wide or of one bank
         * @description Ability: `read · InstantPaymentOversight`
         */
        get: operations["getInstantPaymentsOversightDistribution"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/instant-payments/oversight/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download the per-bank aggregates as CSV or JSON
         * @description Ability: `read · InstantPaymentOversight`
         */
        get: operations["getInstantPaymentsOversightExport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        Problem: {
            type: string;
            title: string;
            status: number;
            /** @example VALIDATION_FAILED */
            code: string;
            detail?: string;
            correlationId?: string;
            errors?: {
                path: string;
                message: string;
            }[];
        };
        Health: {
            /** @enum {string} */
            status: "ok" | "degraded";
            checks: {
                [key: string]: {
                    /** @enum {string} */
                    status: "up" | "down";
                    reason?: string;
                    detail?: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        AppConfig: {
            currencyName: string;
            nativeTokenId: string;
            nativeToken: {
                symbol: string;
                denom: string;
                exponent: number;
            };
            chainId: string;
            addressPrefix: string;
            perOrgRpcEnabled: boolean;
            invitationExpiryHours: number;
            passwordResetExpiryMinutes: number;
            proposalVotingPeriodSeconds: number;
            demoMode: boolean;
            defaultLocale: string;
            supportedLocales: string[];
        };
        Session: {
            accessToken: string;
            user: components["schemas"]["SessionUser"];
        };
        SessionUser: {
            id: string;
            name: string;
            email: string;
            /** @enum {string} */
            role: "administrator" | "member" | "auditor";
            organizationId: string;
            /** @enum {string} */
            organizationType: "CENTRAL" | "COMMERCIAL";
            /** @enum {string} */
            locale: "es" | "en";
        };
        AccessToken: {
            accessToken: string;
        };
        User: {
            id: string;
            name: string;
            email: string | null;
            /** @enum {string} */
            role: "administrator" | "member" | "auditor";
            /** @enum {string} */
            kind: "HUMAN" | "BRIDGING";
            /** @enum {string} */
            status: "ACTIVE" | "DEACTIVATED";
            organizationId: string;
            /** @description chain address of the custody signing key */
            address: string;
            /** @description compressed secp256k1 public key, base64 */
            publicKey: string;
            /** @enum {string} */
            locale: "es" | "en";
            pinnedMultisigIds: string[];
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            deactivatedAt: string | null;
        };
        Abilities: {
            /** @enum {string} */
            role: "administrator" | "member" | "auditor";
            /** @enum {string} */
            organizationType: "CENTRAL" | "COMMERCIAL";
            abilities: {
                User?: ("read" | "create" | "manage")[];
                Invitation?: ("read" | "create" | "manage")[];
                Organization?: ("read" | "create" | "manage")[];
                Bridging?: ("read" | "create" | "manage")[];
                Multisig?: ("read" | "create" | "manage")[];
                Proposal?: ("read" | "create" | "manage")[];
                Vote?: ("read" | "create" | "manage")[];
                WhitelistAddress?: ("read" | "create" | "manage")[];
                Operation?: ("read" | "create" | "manage")[];
                Token?: ("read" | "create" | "manage")[];
                AddressBook?: ("read" | "create" | "manage")[];
                Dashboard?: ("read" | "create" | "manage")[];
                Export?: ("read" | "create" | "manage")[];
                InstantPayment?: ("read" | "create" | "manage")[];
                InstantPaymentOversight?: ("read" | "create" | "manage")[];
            };
            /** @description subjects a CENTRAL principal holds on every organization; every other ability covers its own organization only */
            issuerWideSubjects: ("User" | "Invitation" | "Organization" | "Bridging" | "Multisig" | "Proposal" | "Vote" | "WhitelistAddress" | "Operation" | "Token" | "AddressBook" | "Dashboard" | "Export" | "InstantPayment" | "InstantPaymentOversight")[];
        };
        Invitation: {
            id: string;
            organizationId: string;
            email: string;
            /** @enum {string} */
            role: "administrator" | "member" | "auditor";
            /** @enum {string} */
            locale: "es" | "en";
            /** @enum {string} */
            status: "PENDING" | "ACCEPTED" | "EXPIRED" | "REVOKED";
            /** Format: date-time */
            expiresAt: string;
            invitedBy: string | null;
            /** Format: date-time */
            createdAt: string;
        };
        /** @description All a registration form needs, and nothing more */
        InvitationPreview: {
            email: string;
            organizationName: string;
            /** @enum {string} */
            role: "administrator" | "member" | "auditor";
        };
        Organization: {
            id: string;
            name: string;
            /** @enum {string} */
            type: "CENTRAL" | "COMMERCIAL";
            /** @enum {string} */
            status: "PENDING" | "ACTIVE" | "SUSPENDED";
            /** @description commercial organizations only */
            exchange: {
                address: string | null;
                linked: boolean;
                frozen: boolean;
            } | null;
            chainRpc: {
                url: string | null;
                /** @description whether the endpoint is in use (PER_ORG_RPC_ENABLED) */
                effective: boolean;
            };
            /** @description commercial organizations, from activation on */
            settlementAccount: {
                id: string;
                address: string;
            } | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        OrganizationDetail: components["schemas"]["Organization"] & {
            /** @description commercial organizations, from activation on */
            settlementAccount?: {
                id: string;
                address: string;
                /** @description live from the chain; null while the chain does not answer */
                balance: {
                    denom: string;
                    /** @description base units */
                    amount: string;
                } | null;
            } | null;
            /** @description the admin roster: active administrators */
            administrators: {
                id: string;
                name: string;
                email: string | null;
            }[];
            /**
             * @description base units its own administrators may disburse to it per day (TIME_ZONE days); "0" until the central bank sets it
             * @example 0
             */
            disbursementLimitPerDay: string;
        };
        RpcTestResult: {
            ok: boolean;
            latencyMs: number;
            /** @description when ok */
            chainId?: string;
            /** @description when ok */
            height?: number;
        };
        Alerts: {
            items: components["schemas"]["Alert"][];
        };
        Alert: {
            /** @enum {string} */
            code: "CHAIN_RPC_UNREACHABLE" | "EXCHANGE_ADDRESS_UNLINKED" | "EXCHANGE_FROZEN" | "INVITATION_EXPIRING" | "PROJECTION_FAILED";
            /** @enum {string} */
            severity: "error" | "warning";
            organizationId: string;
            message: string;
            details: {
                [key: string]: string;
            };
        };
        InternalUser: {
            /** @enum {string} */
            kind: "USER" | "INVITATION";
            id: string;
            name: string | null;
            email: string;
            /** @enum {string} */
            role: "administrator" | "member" | "auditor";
            /** @enum {string} */
            status: "ACTIVE" | "DEACTIVATED" | "PENDING" | "EXPIRED";
            /** Format: date-time */
            expiresAt: string | null;
            /** Format: date-time */
            createdAt: string;
        };
        Outbox: {
            items: components["schemas"]["OutboxEntry"][];
        };
        OutboxEntry: {
            to: string;
            subject: string;
            text: string;
            link: string | null;
            /** Format: date-time */
            sentAt: string;
        };
        Account: {
            id: string;
            organizationId: string;
            label: string;
            /** @enum {string} */
            type: "ISSUANCE" | "BRIDGING" | "SETTLEMENT" | "CUSTOM";
            address: string;
            members: components["schemas"]["AccountMember"][];
            policy: {
                threshold: number;
                totalWeight: number;
            };
            archived: boolean;
            groupVersion: number;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        AccountMember: {
            userId: string;
            name: string | null;
            address: string;
            weight: number;
        };
        DecisionPolicy: {
            /** @enum {string} */
            type: "THRESHOLD";
            address: string;
            threshold: number;
            totalWeight: number;
            votingPeriodSeconds: number;
            groupVersion: number;
        };
        AccountBalance: {
            address: string;
            balances: {
                denom: string;
                symbol: string;
                exponent: number;
                amount: string;
            }[];
        };
        AccountHealth: {
            /** @enum {string} */
            status: "up" | "down";
            reachable: boolean;
            chainId: string | null;
            height: number | null;
            latencyMs: number;
            /** Format: date-time */
            checkedAt: string;
            policyOnChain: boolean | null;
        };
        Proposal: {
            id: string;
            multisigId: string;
            organizationId: string;
            /** @enum {string} */
            kind: "MINT" | "BURN" | "TRANSFER" | "GROUP_CHANGE" | "DISBURSEMENT" | "REDEMPTION";
            /** @enum {string} */
            status: "SUBMITTED" | "ACCEPTED" | "REJECTED" | "ABORTED" | "WITHDRAWN";
            title: string;
            proposerId: string;
            /** @description Cosmos JSON messages, executed by the account’s group policy */
            messages: {
                [key: string]: unknown;
            }[];
            groupChange?: unknown;
            votes: components["schemas"]["Vote"][];
            tally: {
                yes: number;
                no: number;
                abstain: number;
                noWithVeto: number;
            };
            threshold: number;
            totalWeight: number;
            rejectionReason: string | null;
            /** @enum {string} */
            executorResult: "NOT_RUN" | "SUCCESS" | "FAILURE";
            executionPending: boolean;
            executionAttempts: number;
            failureReason: string | null;
            txHash: string | null;
            height: number | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            votingEndsAt: string;
            /** Format: date-time */
            decidedAt: string | null;
            /** Format: date-time */
            executedAt: string | null;
        };
        Vote: {
            userId: string;
            /** @enum {string} */
            option: "YES" | "NO" | "ABSTAIN" | "NO_WITH_VETO";
            weight: number;
            /** Format: date-time */
            castAt: string;
        };
        ApprovalQueueItem: components["schemas"]["Proposal"] & {
            /** @description until voting ends */
            timeRemainingSeconds: number;
        };
        WhitelistEntry: {
            id: string;
            multisigId: string;
            address: string;
            label: string;
            createdBy: string | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        Token: {
            id: string;
            denom: string;
            symbol: string;
            name: string;
            exponent: number;
            decimals: number;
            native: boolean;
            /** @enum {string} */
            status: "Native" | "Active";
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        AutodetectedToken: {
            denom: string;
            exists: boolean;
            /** @description live total supply in base units */
            supply: string;
            registered: boolean;
            tokenId: string | null;
            suggestion: {
                symbol: string;
                name: string;
                exponent: number;
            };
        };
        AddressBookEntry: {
            id: string;
            name: string;
            address: string;
            note: string | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        BridgingResult: {
            /** @description The CHAIN operation: the proposal that moves the value */
            operationId: string;
            proposalId: string;
            requestId: string;
            status: string;
            executorResult: string;
            txHash: string | null;
        };
        ActivityEntry: {
            /** @description The operation id: GET /operations/<id> resolves it */
            id: string;
            /** @enum {string} */
            kind: "CHAIN" | "ADMIN";
            /** @enum {string} */
            type: "MINT" | "BURN" | "TRANSFER" | "GROUP_CHANGE" | "DISBURSEMENT" | "REDEMPTION" | "WHITELIST_ADD" | "WHITELIST_REMOVE" | "EXCHANGE_ADDRESS_SET" | "EXCHANGE_FROZEN" | "EXCHANGE_UNFROZEN" | "USER_INVITED" | "USER_ROLE_CHANGED" | "USER_DEACTIVATED" | "INVITATION_CANCELLED" | "INVITATION_RESENT" | "CHAIN_RPC_UPDATED" | "ACCOUNT_CREATED" | "DISBURSEMENT_REQUESTED" | "REDEMPTION_REQUESTED" | "ORGANIZATION_STATUS_CHANGED" | "ORGANIZATION_UPDATED";
            /**
             * @description ORIGIN: the caller’s organization owns the operation; COUNTERPARTY: it is party to another organization’s (a transfer it received, an action it took on another organization)
             * @enum {string}
             */
            side: "ORIGIN" | "COUNTERPARTY";
            organizationId: string;
            /** @description The caller’s organization’s account on its side */
            multisigId: string | null;
            /** @description Another account of the organization that received the value */
            counterpartyMultisigId: string | null;
            actor: {
                id: string;
                name: string | null;
            } | null;
            subject: {
                type: string;
                id: string;
                organizationId: string;
            };
            title: string | null;
            /**
             * @description CHAIN entries: the proposal’s status
             * @enum {string|null}
             */
            status: "SUBMITTED" | "ACCEPTED" | "REJECTED" | "ABORTED" | "WITHDRAWN" | null;
            /** @enum {string|null} */
            executorResult: "NOT_RUN" | "SUCCESS" | "FAILURE" | null;
            /** @description base units */
            amount: string | null;
            denom: string | null;
            symbol: string | null;
            exponent: number | null;
            from: string | null;
            to: string | null;
            txHash: string | null;
            height: number | null;
            summary: {
                [key: string]: unknown;
            };
            /** Format: date-time */
            occurredAt: string;
            /** Format: date-time */
            decidedAt: string | null;
            /** Format: date-time */
            executedAt: string | null;
            /** @example /operations/0b9f… */
            link: string;
        };
        OperationReference: {
            operationId: string;
            /** @enum {string} */
            kind: "CHAIN" | "ADMIN";
            link: string;
        };
        Operation: components["schemas"]["ChainOperation"] | components["schemas"]["AdminOperation"];
        ChainOperation: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            kind: "CHAIN";
            id: string;
            /** @enum {string} */
            type: "MINT" | "BURN" | "TRANSFER" | "GROUP_CHANGE" | "DISBURSEMENT" | "REDEMPTION";
            /** @enum {string} */
            side: "ORIGIN" | "COUNTERPARTY";
            organizationId: string;
            multisigId: string | null;
            counterpartyMultisigId: string | null;
            /** @enum {string|null} */
            status: "SUBMITTED" | "ACCEPTED" | "REJECTED" | "ABORTED" | "WITHDRAWN" | null;
            title: string | null;
            account: {
                id: string;
                label: string;
                type: string;
                address: string;
            } | null;
            proposer: {
                id: string;
                name: string | null;
            } | null;
            transaction: {
                amount: string | null;
                denom: string | null;
                symbol: string | null;
                exponent: number | null;
                from: string | null;
                to: string | null;
                messages: unknown[] | null;
                groupChange?: unknown;
            };
            /** @description Every elector with its weight and recorded vote; null on the counterparty’s side */
            votes: {
                threshold: number;
                totalWeight: number;
                tally: {
                    yes: number;
                    no: number;
                    abstain: number;
                    noWithVeto: number;
                };
                breakdown: {
                    userId: string;
                    name: string | null;
                    weight: number;
                    /** @enum {string|null} */
                    option: "YES" | "NO" | "ABSTAIN" | "NO_WITH_VETO" | null;
                    /** Format: date-time */
                    castAt: string | null;
                }[];
            } | null;
            lifecycle: {
                /** Format: date-time */
                createdAt: string | null;
                /** Format: date-time */
                votingEndsAt: string | null;
                /** Format: date-time */
                decidedAt: string | null;
                /** Format: date-time */
                executedAt: string | null;
                rejectionReason: string | null;
                executionPending: boolean;
            };
            receipts: {
                txHash: string | null;
                height: number | null;
                /** @enum {string|null} */
                executorResult: "NOT_RUN" | "SUCCESS" | "FAILURE" | null;
                failureReason: string | null;
            };
            /** @enum {string|null} */
            myVote: "YES" | "NO" | "ABSTAIN" | "NO_WITH_VETO" | null;
            /** @description SUBMITTED, the caller is a member, and not proposer-restricted (its vote not yet recorded; not a disbursement) */
            canSign: boolean;
            canReject: boolean;
            link: string;
        };
        AdminOperation: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            kind: "ADMIN";
            id: string;
            /** @enum {string} */
            type: "MINT" | "BURN" | "TRANSFER" | "GROUP_CHANGE" | "DISBURSEMENT" | "REDEMPTION" | "WHITELIST_ADD" | "WHITELIST_REMOVE" | "EXCHANGE_ADDRESS_SET" | "EXCHANGE_FROZEN" | "EXCHANGE_UNFROZEN" | "USER_INVITED" | "USER_ROLE_CHANGED" | "USER_DEACTIVATED" | "INVITATION_CANCELLED" | "INVITATION_RESENT" | "CHAIN_RPC_UPDATED" | "ACCOUNT_CREATED" | "DISBURSEMENT_REQUESTED" | "REDEMPTION_REQUESTED" | "ORGANIZATION_STATUS_CHANGED" | "ORGANIZATION_UPDATED";
            /** @enum {string} */
            side: "ORIGIN" | "COUNTERPARTY";
            organizationId: string;
            multisigId: string | null;
            actor: {
                id: string;
                name: string | null;
            } | null;
            subject: {
                type: string;
                id: string;
                organizationId: string;
            };
            /** Format: date-time */
            occurredAt: string;
            summary: {
                [key: string]: unknown;
            };
            /**
             * @description Portal path of the surface the action was taken on
             * @example /control-panel?tab=internal-users
             */
            link: string;
        };
        DashboardMetrics: {
            organizationId: string;
            /** @enum {string} */
            organizationType: "CENTRAL" | "COMMERCIAL";
            /** @description The chain block the figures stand at */
            asOf: {
                height: number;
                /** Format: date-time */
                time: string;
            } | null;
            tokens: {
                denom: string;
                symbol: string;
                exponent: number;
                native: boolean;
                /** @description total on-chain supply, base units */
                liveSupply: string;
                /** @description held by the platform’s accounts */
                internalBalance: string;
                /** @description liveSupply minus internalBalance, floored at 0 */
                externalCirculating: string;
            }[];
            /** @description The organization’s accounts the caller may see */
            wallets: {
                multisigId: string;
                name: string;
                /** @enum {string} */
                type: "ISSUANCE" | "BRIDGING" | "SETTLEMENT" | "CUSTOM";
                address: string;
                archived: boolean;
                balances: {
                    denom: string;
                    symbol: string;
                    exponent: number;
                    /** @description base units */
                    amount: string;
                }[];
            }[];
            /** @description of the native token */
            externalCirculating: string;
            /** @description CENTRAL callers */
            issuer: {
                mintBurn: {
                    denom: string;
                    symbol: string;
                    exponent: number;
                    minted: string;
                    burned: string;
                    mints: number;
                    burns: number;
                }[];
            } | null;
            /** @description COMMERCIAL callers */
            participant: {
                /** @description across the organization’s accounts */
                totalBalance: {
                    denom: string;
                    symbol: string;
                    exponent: number;
                    /** @description base units */
                    amount: string;
                }[];
                topWallets: {
                    multisigId: string;
                    name: string;
                    /** @enum {string} */
                    type: "ISSUANCE" | "BRIDGING" | "SETTLEMENT" | "CUSTOM";
                    address: string;
                    archived: boolean;
                    balances: {
                        denom: string;
                        symbol: string;
                        exponent: number;
                        /** @description base units */
                        amount: string;
                    }[];
                }[];
                alerts: {
                    /** @enum {string} */
                    code: "EXCHANGE_ADDRESS_UNLINKED" | "EXCHANGE_FROZEN";
                    message: string;
                }[];
            } | null;
        };
        InstantPaymentClientRegistration: {
            client: components["schemas"]["InstantPaymentClient"];
            clientToken: string;
        };
        InstantPaymentClient: {
            id: string;
            name: string;
            organizationId: string;
            alias: string | null;
            balance: string;
        };
        InstantPaymentPayee: {
            alias: string;
            organizationId: string;
            bankName: string;
            /** @example Ma*** Ló*** */
            maskedName: string;
        };
        InstantPaymentBankClient: components["schemas"]["InstantPaymentClient"] & {
            externalRef: string | null;
            demo: boolean;
            active: boolean;
            /** Format: date-time */
            createdAt: string;
        };
        InstantPaymentMovement: components["schemas"]["InstantPayment"] & {
            /** @enum {string} */
            direction: "IN" | "OUT";
        };
        InstantPayment: {
            id: string;
            /** @enum {string} */
            kind: "INTERNAL" | "CROSS_ORGANIZATION";
            /** @enum {string} */
            status: "PENDING" | "COMPLETED" | "FAILED";
            amount: string;
            senderAlias: string;
            recipientAlias: string;
            reference: string | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            settledAt: string | null;
            txHash: string | null;
            failureCode: string | null;
        };
        InstantPaymentCashMovement: {
            id: string;
            /** @enum {string} */
            kind: "CASH_IN" | "CASH_OUT";
            clientId: string;
            amount: string;
            reference: string | null;
            balance: string;
        };
        SettlementAccountBalance: {
            address: string;
            balances: {
                denom: string;
                symbol: string;
                exponent: number;
                amount: string;
            }[];
        };
        InstantPaymentBankTransaction: components["schemas"]["InstantPayment"] & {
            /** @enum {string} */
            direction: "IN" | "OUT" | "INTERNAL";
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every check passes */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Health"];
                };
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description A check fails: it is `down`, with the reason */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    getConfig: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The public configuration */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AppConfig"];
                };
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    postAuthLogin: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    email: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description Logged in; the refresh token is set as the httpOnly cookie refresh_token */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Session"];
                };
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description INVALID_CREDENTIALS: unknown address or wrong password (one answer for both) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "INVALID_CREDENTIALS";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description RATE_LIMITED: too many failed attempts for this e-mail address from the caller's address, or from the caller's address */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 429;
                        /** @enum {unknown} */
                        code?: "RATE_LIMITED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    postAuthRegister: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    token: string;
                    name: string;
                    /** @description Password policy: 12 to 128 characters, not the e-mail address (or its local part), not a common breached password, not one character repeated. A violation answers 400 WEAK_PASSWORD listing every broken rule. */
                    password: string;
                };
            };
        };
        responses: {
            /** @description Registered and logged in; refresh cookie set */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Session"];
                };
            };
            /** @description WEAK_PASSWORD, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "WEAK_PASSWORD" | "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND: no invitation has this token (or it was replaced by a resend) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 404;
                        /** @enum {unknown} */
                        code?: "NOT_FOUND";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description EMAIL_ALREADY_REGISTERED */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 409;
                        /** @enum {unknown} */
                        code?: "EMAIL_ALREADY_REGISTERED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description INVITATION_EXPIRED, INVITATION_REVOKED or INVITATION_ALREADY_ACCEPTED */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 410;
                        /** @enum {unknown} */
                        code?: "INVITATION_EXPIRED" | "INVITATION_REVOKED" | "INVITATION_ALREADY_ACCEPTED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description RATE_LIMITED: too many registrations from the caller's address */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 429;
                        /** @enum {unknown} */
                        code?: "RATE_LIMITED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    postAuthRefresh: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A new access token; the cookie is rotated (not within the grace window of a concurrent refresh) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccessToken"];
                };
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description INVALID_REFRESH_TOKEN, or REFRESH_TOKEN_REUSED (the whole session is revoked) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "INVALID_REFRESH_TOKEN" | "REFRESH_TOKEN_REUSED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description RATE_LIMITED: too many refreshes from the caller's address */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 429;
                        /** @enum {unknown} */
                        code?: "RATE_LIMITED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    postAuthLogout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Logged out */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: neither a refresh cookie nor a valid access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHENTICATED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    postAuthForgotPassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    email: string;
                };
            };
        };
        responses: {
            /** @description Accepted, whether or not the address exists */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description RATE_LIMITED: too many requests for this e-mail address or from the caller's address */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 429;
                        /** @enum {unknown} */
                        code?: "RATE_LIMITED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    postAuthResetPassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    token: string;
                    /** @description Password policy: 12 to 128 characters, not the e-mail address (or its local part), not a common breached password, not one character repeated. A violation answers 400 WEAK_PASSWORD listing every broken rule. */
                    password: string;
                };
            };
        };
        responses: {
            /** @description Password changed */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description WEAK_PASSWORD, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "WEAK_PASSWORD" | "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description RESET_TOKEN_EXPIRED: unknown, used, superseded or expired link */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 410;
                        /** @enum {unknown} */
                        code?: "RESET_TOKEN_EXPIRED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description RATE_LIMITED: too many resets from the caller's address */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 429;
                        /** @enum {unknown} */
                        code?: "RATE_LIMITED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    postAuthChangePassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    currentPassword: string;
                    /** @description Password policy: 12 to 128 characters, not the e-mail address (or its local part), not a common breached password, not one character repeated. A violation answers 400 WEAK_PASSWORD listing every broken rule. */
                    newPassword: string;
                };
            };
        };
        responses: {
            /** @description Password changed */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description WEAK_PASSWORD, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "WEAK_PASSWORD" | "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description INVALID_CREDENTIALS: the current password is wrong */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "INVALID_CREDENTIALS" | "UNAUTHENTICATED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    getUsersMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The caller */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: missing, expired or forged token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHENTICATED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    getUsersMeAbilities: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Actions per subject */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Abilities"];
                };
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: missing, expired or forged token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHENTICATED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    getUsers: {
        parameters: {
            query?: {
                page?: number;
                pageSize?: number;
                /** @description part of the name or e-mail */
                q?: string;
                role?: "administrator" | "member" | "auditor";
                status?: "ACTIVE" | "DEACTIVATED";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Users by name */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: components["schemas"]["User"][];
                        total: number;
                        page: number;
                        pageSize: number;
                    };
                };
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: missing, expired or forged token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHENTICATED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: requires read · User */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 403;
                        /** @enum {unknown} */
                        code?: "FORBIDDEN";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    getUsersSelectable: {
        parameters: {
            query?: {
                page?: number;
                pageSize?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Active users by name */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: components["schemas"]["User"][];
                        total: number;
                        page: number;
                        pageSize: number;
                    };
                };
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: missing, expired or forged token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHENTICATED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: requires read · User */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 403;
                        /** @enum {unknown} */
                        code?: "FORBIDDEN";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    getUsersByUserId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: missing, expired or forged token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHENTICATED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: requires read · User */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 403;
                        /** @enum {unknown} */
                        code?: "FORBIDDEN";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 404;
                        /** @enum {unknown} */
                        code?: "NOT_FOUND";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    patchUsersMePinnedWallets: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    multisigIds: string[];
                };
            };
        };
        responses: {
            /** @description The caller */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: missing, expired or forged token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHENTICATED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: requires read · User */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 403;
                        /** @enum {unknown} */
                        code?: "FORBIDDEN";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    patchUsersMeLocale: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    locale: "es" | "en";
                };
            };
        };
        responses: {
            /** @description The caller */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: missing, expired or forged token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHENTICATED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: requires read · User */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 403;
                        /** @enum {unknown} */
                        code?: "FORBIDDEN";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    patchUsersByUserIdRoles: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                userId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    role: "administrator" | "member" | "auditor";
                };
            };
        };
        responses: {
            /** @description The user */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: missing, expired or forged token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHENTICATED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: requires manage · User */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 403;
                        /** @enum {unknown} */
                        code?: "FORBIDDEN";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 404;
                        /** @enum {unknown} */
                        code?: "NOT_FOUND";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description USER_DEACTIVATED */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 409;
                        /** @enum {unknown} */
                        code?: "USER_DEACTIVATED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description LAST_ADMINISTRATOR or SYSTEM_IDENTITY */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 422;
                        /** @enum {unknown} */
                        code?: "LAST_ADMINISTRATOR" | "SYSTEM_IDENTITY";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    patchUsersByUserIdDeactivate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: missing, expired or forged token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHENTICATED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: requires manage · User */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 403;
                        /** @enum {unknown} */
                        code?: "FORBIDDEN";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 404;
                        /** @enum {unknown} */
                        code?: "NOT_FOUND";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description USER_DEACTIVATED */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 409;
                        /** @enum {unknown} */
                        code?: "USER_DEACTIVATED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description LAST_ADMINISTRATOR, CANNOT_DEACTIVATE_YOURSELF or SYSTEM_IDENTITY */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 422;
                        /** @enum {unknown} */
                        code?: "LAST_ADMINISTRATOR" | "CANNOT_DEACTIVATE_YOURSELF" | "SYSTEM_IDENTITY";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    getInvitations: {
        parameters: {
            query?: {
                page?: number;
                pageSize?: number;
                status?: "PENDING" | "ACCEPTED" | "EXPIRED" | "REVOKED";
                organizationId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Newest first; EXPIRED is derived from the expiry */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: components["schemas"]["Invitation"][];
                        total: number;
                        page: number;
                        pageSize: number;
                    };
                };
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: missing, expired or forged token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHENTICATED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: requires read · Invitation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 403;
                        /** @enum {unknown} */
                        code?: "FORBIDDEN";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    postInvitations: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    email: string;
                    /** @enum {string} */
                    role: "administrator" | "member" | "auditor";
                    /**
                     * @description language of the mail and of the first visit; the deployment region (es) by default
                     * @default es
                     * @enum {string}
                     */
                    locale?: "es" | "en";
                };
            };
        };
        responses: {
            /** @description Invitation created and mailed */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Invitation"];
                };
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: missing, expired or forged token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHENTICATED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: requires manage · Invitation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 403;
                        /** @enum {unknown} */
                        code?: "FORBIDDEN";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description EMAIL_ALREADY_REGISTERED or INVITATION_ALREADY_PENDING */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 409;
                        /** @enum {unknown} */
                        code?: "EMAIL_ALREADY_REGISTERED" | "INVITATION_ALREADY_PENDING";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    getInvitationsValidateByToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The link opens an account */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvitationPreview"];
                };
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND: no invitation has this token */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 404;
                        /** @enum {unknown} */
                        code?: "NOT_FOUND";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description INVITATION_EXPIRED (also a link a resend replaced), INVITATION_REVOKED or INVITATION_ALREADY_ACCEPTED */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 410;
                        /** @enum {unknown} */
                        code?: "INVITATION_EXPIRED" | "INVITATION_REVOKED" | "INVITATION_ALREADY_ACCEPTED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description RATE_LIMITED: too many checks from the caller's address */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 429;
                        /** @enum {unknown} */
                        code?: "RATE_LIMITED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    postInvitationsByInvitationIdRevoke: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                invitationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The invitation, REVOKED */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Invitation"];
                };
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: missing, expired or forged token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHENTICATED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: requires manage · Invitation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 403;
                        /** @enum {unknown} */
                        code?: "FORBIDDEN";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 404;
                        /** @enum {unknown} */
                        code?: "NOT_FOUND";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description INVITATION_NOT_PENDING */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 409;
                        /** @enum {unknown} */
                        code?: "INVITATION_NOT_PENDING";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    postInvitationsByInvitationIdResend: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                invitationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The invitation, PENDING again */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Invitation"];
                };
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: missing, expired or forged token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHENTICATED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: requires manage · Invitation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 403;
                        /** @enum {unknown} */
                        code?: "FORBIDDEN";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 404;
                        /** @enum {unknown} */
                        code?: "NOT_FOUND";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description INVITATION_NOT_PENDING */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 409;
                        /** @enum {unknown} */
                        code?: "INVITATION_NOT_PENDING";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    getOrganizations: {
        parameters: {
            query?: {
                page?: number;
                pageSize?: number;
                type?: "CENTRAL" | "COMMERCIAL";
                status?: "PENDING" | "ACTIVE" | "SUSPENDED";
                q?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Organizations, CENTRAL first, then by name */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: components["schemas"]["Organization"][];
                        total: number;
                        page: number;
                        pageSize: number;
                    };
                };
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: missing, expired or forged token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHENTICATED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description ORGANIZATION_LIST_RESTRICTED_TO_CENTRAL_BANK */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 403;
                        /** @enum {unknown} */
                        code?: "ORGANIZATION_LIST_RESTRICTED_TO_CENTRAL_BANK" | "FORBIDDEN";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    postOrganizations: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @enum {string} */
                    type: "COMMERCIAL";
                };
            };
        };
        responses: {
            /** @description Created, PENDING */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrganizationDetail"];
                };
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: missing, expired or forged token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHENTICATED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN or RESTRICTED_TO_CENTRAL_BANK */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 403;
                        /** @enum {unknown} */
                        code?: "FORBIDDEN" | "RESTRICTED_TO_CENTRAL_BANK";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    getOrganizationsByOrganizationId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                organizationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The organization */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrganizationDetail"];
                };
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: missing, expired or forged token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHENTICATED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: requires read · Organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 403;
                        /** @enum {unknown} */
                        code?: "FORBIDDEN";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 404;
                        /** @enum {unknown} */
                        code?: "NOT_FOUND";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    patchOrganizationsByOrganizationId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                organizationId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    /** @enum {string} */
                    status?: "ACTIVE" | "SUSPENDED";
                    /** @example 5000000 */
                    disbursementLimitPerDay?: string;
                };
            };
        };
        responses: {
            /** @description The organization */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrganizationDetail"];
                };
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: missing, expired or forged token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHENTICATED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN or RESTRICTED_TO_CENTRAL_BANK */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 403;
                        /** @enum {unknown} */
                        code?: "FORBIDDEN" | "RESTRICTED_TO_CENTRAL_BANK";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 404;
                        /** @enum {unknown} */
                        code?: "NOT_FOUND";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description ORGANIZATION_NOT_ACTIVE (a PENDING organization activates on registration), CENTRAL_ORGANIZATION_STATUS_FIXED or NOT_A_COMMERCIAL_ORGANIZATION (a limit for the central bank) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 422;
                        /** @enum {unknown} */
                        code?: "ORGANIZATION_NOT_ACTIVE" | "CENTRAL_ORGANIZATION_STATUS_FIXED" | "NOT_A_COMMERCIAL_ORGANIZATION";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    postOrganizationsByOrganizationIdAdminsInvite: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                organizationId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    email: string;
                    /**
                     * @default es
                     * @enum {string}
                     */
                    locale?: "es" | "en";
                };
            };
        };
        responses: {
            /** @description Invitation created and mailed */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Invitation"];
                };
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: missing, expired or forged token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHENTICATED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN or RESTRICTED_TO_CENTRAL_BANK */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 403;
                        /** @enum {unknown} */
                        code?: "FORBIDDEN" | "RESTRICTED_TO_CENTRAL_BANK";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 404;
                        /** @enum {unknown} */
                        code?: "NOT_FOUND";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description EMAIL_ALREADY_REGISTERED or INVITATION_ALREADY_PENDING */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 409;
                        /** @enum {unknown} */
                        code?: "EMAIL_ALREADY_REGISTERED" | "INVITATION_ALREADY_PENDING";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    postOrganizationsByOrganizationIdExchangeAddress: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                organizationId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    address: string;
                };
            };
        };
        responses: {
            /** @description The organization */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrganizationDetail"];
                };
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: missing, expired or forged token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHENTICATED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN or RESTRICTED_TO_CENTRAL_BANK */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 403;
                        /** @enum {unknown} */
                        code?: "FORBIDDEN" | "RESTRICTED_TO_CENTRAL_BANK";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 404;
                        /** @enum {unknown} */
                        code?: "NOT_FOUND";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description NOT_A_COMMERCIAL_ORGANIZATION or EXCHANGE_ADDRESS_NOT_OWNED */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 422;
                        /** @enum {unknown} */
                        code?: "NOT_A_COMMERCIAL_ORGANIZATION" | "EXCHANGE_ADDRESS_NOT_OWNED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    postOrganizationsByOrganizationIdFreeze: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                organizationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The organization */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrganizationDetail"];
                };
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: missing, expired or forged token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHENTICATED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN or RESTRICTED_TO_CENTRAL_BANK */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 403;
                        /** @enum {unknown} */
                        code?: "FORBIDDEN" | "RESTRICTED_TO_CENTRAL_BANK";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 404;
                        /** @enum {unknown} */
                        code?: "NOT_FOUND";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description EXCHANGE_ALREADY_FROZEN */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 409;
                        /** @enum {unknown} */
                        code?: "EXCHANGE_ALREADY_FROZEN";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description EXCHANGE_ADDRESS_NOT_SET or NOT_A_COMMERCIAL_ORGANIZATION */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 422;
                        /** @enum {unknown} */
                        code?: "EXCHANGE_ADDRESS_NOT_SET" | "NOT_A_COMMERCIAL_ORGANIZATION";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    postOrganizationsByOrganizationIdUnfreeze: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                organizationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The organization */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrganizationDetail"];
                };
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: missing, expired or forged token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHENTICATED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN or RESTRICTED_TO_CENTRAL_BANK */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 403;
                        /** @enum {unknown} */
                        code?: "FORBIDDEN" | "RESTRICTED_TO_CENTRAL_BANK";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 404;
                        /** @enum {unknown} */
                        code?: "NOT_FOUND";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description EXCHANGE_NOT_FROZEN */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 409;
                        /** @enum {unknown} */
                        code?: "EXCHANGE_NOT_FROZEN";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description NOT_A_COMMERCIAL_ORGANIZATION or EXCHANGE_ADDRESS_NOT_OWNED */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 422;
                        /** @enum {unknown} */
                        code?: "NOT_A_COMMERCIAL_ORGANIZATION" | "EXCHANGE_ADDRESS_NOT_OWNED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    patchOrganizationsByOrganizationIdChainRpc: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                organizationId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: uri
                     * @example https://rpc.example.org:443
                     */
                    url: string | null;
                };
            };
        };
        responses: {
            /** @description The organization */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrganizationDetail"];
                };
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: missing, expired or forged token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHENTICATED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: requires manage · Organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 403;
                        /** @enum {unknown} */
                        code?: "FORBIDDEN";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 404;
                        /** @enum {unknown} */
                        code?: "NOT_FOUND";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description RPC_URL_NOT_ALLOWED: the host is, or resolves to, an internal address not in CHAIN_RPC_ALLOWED_HOSTS */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 422;
                        /** @enum {unknown} */
                        code?: "RPC_URL_NOT_ALLOWED" | "CHAIN_RPC_ALLOWED_HOSTS";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    postOrganizationsByOrganizationIdChainRpcTest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                organizationId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: uri
                     * @example https://rpc.example.org:443
                     */
                    url: string;
                };
            };
        };
        responses: {
            /** @description The outcome, reachable or not; never the remote answer itself */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RpcTestResult"];
                };
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: missing, expired or forged token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHENTICATED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: requires manage · Organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 403;
                        /** @enum {unknown} */
                        code?: "FORBIDDEN";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 404;
                        /** @enum {unknown} */
                        code?: "NOT_FOUND";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description RPC_URL_NOT_ALLOWED: the host is, or resolves to, an internal address not in CHAIN_RPC_ALLOWED_HOSTS */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 422;
                        /** @enum {unknown} */
                        code?: "RPC_URL_NOT_ALLOWED" | "CHAIN_RPC_ALLOWED_HOSTS";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    getControlPanelAlerts: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Errors first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Alerts"];
                };
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: missing, expired or forged token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHENTICATED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: requires manage · Organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 403;
                        /** @enum {unknown} */
                        code?: "FORBIDDEN";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    getControlPanelInternalUsers: {
        parameters: {
            query?: {
                page?: number;
                pageSize?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Open invitations first, then people by name */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: components["schemas"]["InternalUser"][];
                        total: number;
                        page: number;
                        pageSize: number;
                    };
                };
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: missing, expired or forged token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHENTICATED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: requires manage · User */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 403;
                        /** @enum {unknown} */
                        code?: "FORBIDDEN";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    getDevOutbox: {
        parameters: {
            query?: {
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The newest 100 mails */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Outbox"];
                };
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    getMultisigs: {
        parameters: {
            query?: {
                page?: number;
                pageSize?: number;
                type?: "ISSUANCE" | "BRIDGING" | "SETTLEMENT" | "CUSTOM";
                archived?: "true" | "false";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Accounts with their type */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: components["schemas"]["Account"][];
                        total: number;
                        page: number;
                        pageSize: number;
                    };
                };
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: missing, expired or forged token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHENTICATED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    postMultisigs: {
        parameters: {
            query?: never;
            header?: {
                /** @description A retry with the same key and body returns the first result; another body is 409 IDEMPOTENCY_KEY_REUSED */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    label: string;
                    members: {
                        userId: string;
                        weight: number;
                    }[];
                    threshold: number;
                };
            };
        };
        responses: {
            /** @description Created, with its chain address */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Account"];
                };
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: missing, expired or forged token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHENTICATED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: requires create · Multisig */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 403;
                        /** @enum {unknown} */
                        code?: "FORBIDDEN";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description INVALID_MEMBER, INVALID_GROUP, INVALID_THRESHOLD */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 422;
                        /** @enum {unknown} */
                        code?: "INVALID_MEMBER" | "INVALID_GROUP" | "INVALID_THRESHOLD";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the chain did not answer; a retry with the same Idempotency-Key finishes this account, never a second one */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    getMultisigsByMultisigId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                multisigId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The account */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Account"];
                };
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: missing, expired or forged token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHENTICATED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND: no such resource, or one the caller may not see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 404;
                        /** @enum {unknown} */
                        code?: "NOT_FOUND";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    patchMultisigsByMultisigId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                multisigId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    label: string;
                };
            };
        };
        responses: {
            /** @description Updated */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Account"];
                };
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: missing, expired or forged token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHENTICATED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: requires manage · Multisig */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 403;
                        /** @enum {unknown} */
                        code?: "FORBIDDEN";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND: no such resource, or one the caller may not see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 404;
                        /** @enum {unknown} */
                        code?: "NOT_FOUND";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    getMultisigsByMultisigIdMembers: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                multisigId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Members, heaviest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: components["schemas"]["AccountMember"][];
                        total: number;
                        page: number;
                        pageSize: number;
                    };
                };
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: missing, expired or forged token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHENTICATED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND: no such resource, or one the caller may not see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 404;
                        /** @enum {unknown} */
                        code?: "NOT_FOUND";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    getMultisigsByMultisigIdPolicy: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                multisigId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The threshold decision policy */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DecisionPolicy"];
                };
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: missing, expired or forged token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHENTICATED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND: no such resource, or one the caller may not see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 404;
                        /** @enum {unknown} */
                        code?: "NOT_FOUND";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    getMultisigsByMultisigIdBalance: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                multisigId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Balances in base units */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountBalance"];
                };
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: missing, expired or forged token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHENTICATED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND: no such resource, or one the caller may not see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 404;
                        /** @enum {unknown} */
                        code?: "NOT_FOUND";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    getMultisigsByMultisigIdHealth: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                multisigId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Reachability (a down chain answers 200 with reachable false) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountHealth"];
                };
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: missing, expired or forged token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHENTICATED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND: no such resource, or one the caller may not see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 404;
                        /** @enum {unknown} */
                        code?: "NOT_FOUND";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    postMultisigsByMultisigIdArchive: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                multisigId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Archived */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Account"];
                };
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: missing, expired or forged token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHENTICATED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: requires manage · Multisig */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 403;
                        /** @enum {unknown} */
                        code?: "FORBIDDEN";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND: no such resource, or one the caller may not see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 404;
                        /** @enum {unknown} */
                        code?: "NOT_FOUND";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description SYSTEM_ACCOUNT */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 422;
                        /** @enum {unknown} */
                        code?: "SYSTEM_ACCOUNT";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    postMultisigsByMultisigIdUnarchive: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                multisigId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Unarchived */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Account"];
                };
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: missing, expired or forged token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHENTICATED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: requires manage · Multisig */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 403;
                        /** @enum {unknown} */
                        code?: "FORBIDDEN";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND: no such resource, or one the caller may not see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 404;
                        /** @enum {unknown} */
                        code?: "NOT_FOUND";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description SYSTEM_ACCOUNT */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 422;
                        /** @enum {unknown} */
                        code?: "SYSTEM_ACCOUNT";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    postMultisigsByMultisigIdProposalsMint: {
        parameters: {
            query?: never;
            header?: {
                /** @description A retry with the same key and body returns the first result; another body is 409 IDEMPOTENCY_KEY_REUSED */
                "idempotency-key"?: string;
            };
            path: {
                multisigId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    title: string;
                    /** @example 1250 */
                    amount: string;
                    denom: string;
                    /** @example emisor1qyqszqgpqyqszqgpqyqszqgpqyqszqgp5k7xz3 */
                    recipient?: string;
                };
            };
        };
        responses: {
            /** @description The proposal, with the proposer’s YES */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Proposal"];
                };
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: missing, expired or forged token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHENTICATED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: requires create · Proposal */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 403;
                        /** @enum {unknown} */
                        code?: "FORBIDDEN";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND: no such resource, or one the caller may not see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 404;
                        /** @enum {unknown} */
                        code?: "NOT_FOUND";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description ISSUANCE_ACCOUNT_REQUIRED, UNKNOWN_TOKEN */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 422;
                        /** @enum {unknown} */
                        code?: "ISSUANCE_ACCOUNT_REQUIRED" | "UNKNOWN_TOKEN";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    postMultisigsByMultisigIdProposalsBurn: {
        parameters: {
            query?: never;
            header?: {
                /** @description A retry with the same key and body returns the first result; another body is 409 IDEMPOTENCY_KEY_REUSED */
                "idempotency-key"?: string;
            };
            path: {
                multisigId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    title: string;
                    /** @example 1250 */
                    amount: string;
                    denom: string;
                };
            };
        };
        responses: {
            /** @description The proposal, with the proposer’s YES */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Proposal"];
                };
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: missing, expired or forged token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHENTICATED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: requires create · Proposal */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 403;
                        /** @enum {unknown} */
                        code?: "FORBIDDEN";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND: no such resource, or one the caller may not see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 404;
                        /** @enum {unknown} */
                        code?: "NOT_FOUND";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description ISSUANCE_ACCOUNT_REQUIRED, UNKNOWN_TOKEN, INSUFFICIENT_FUNDS */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 422;
                        /** @enum {unknown} */
                        code?: "ISSUANCE_ACCOUNT_REQUIRED" | "UNKNOWN_TOKEN" | "INSUFFICIENT_FUNDS";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    postMultisigsByMultisigIdProposalsTransfer: {
        parameters: {
            query?: never;
            header?: {
                /** @description A retry with the same key and body returns the first result; another body is 409 IDEMPOTENCY_KEY_REUSED */
                "idempotency-key"?: string;
            };
            path: {
                multisigId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    title: string;
                    /** @example 1250 */
                    amount: string;
                    denom: string;
                    /** @example emisor1qyqszqgpqyqszqgpqyqszqgpqyqszqgp5k7xz3 */
                    recipient: string;
                };
            };
        };
        responses: {
            /** @description The proposal, with the proposer’s YES */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Proposal"];
                };
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: missing, expired or forged token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHENTICATED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: requires create · Proposal */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 403;
                        /** @enum {unknown} */
                        code?: "FORBIDDEN";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND: no such resource, or one the caller may not see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 404;
                        /** @enum {unknown} */
                        code?: "NOT_FOUND";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description WHITELIST_VIOLATION, INSUFFICIENT_FUNDS */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 422;
                        /** @enum {unknown} */
                        code?: "WHITELIST_VIOLATION" | "INSUFFICIENT_FUNDS";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    postMultisigsByMultisigIdProposalsGroupChanges: {
        parameters: {
            query?: never;
            header?: {
                /** @description A retry with the same key and body returns the first result; another body is 409 IDEMPOTENCY_KEY_REUSED */
                "idempotency-key"?: string;
            };
            path: {
                multisigId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    title: string;
                    members?: {
                        userId: string;
                        weight: number;
                    }[];
                    threshold?: number;
                };
            };
        };
        responses: {
            /** @description The proposal, with the proposer’s YES */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Proposal"];
                };
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: missing, expired or forged token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHENTICATED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: requires create · Proposal */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 403;
                        /** @enum {unknown} */
                        code?: "FORBIDDEN";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND: no such resource, or one the caller may not see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 404;
                        /** @enum {unknown} */
                        code?: "NOT_FOUND";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description NO_CHANGE, INVALID_MEMBER, INVALID_GROUP, INVALID_THRESHOLD */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 422;
                        /** @enum {unknown} */
                        code?: "NO_CHANGE" | "INVALID_MEMBER" | "INVALID_GROUP" | "INVALID_THRESHOLD";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    getMultisigsByMultisigIdProposals: {
        parameters: {
            query?: {
                page?: number;
                pageSize?: number;
                status?: "SUBMITTED" | "ACCEPTED" | "REJECTED" | "ABORTED" | "WITHDRAWN";
                kind?: "MINT" | "BURN" | "TRANSFER" | "GROUP_CHANGE" | "DISBURSEMENT" | "REDEMPTION";
            };
            header?: never;
            path: {
                multisigId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Proposals */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: components["schemas"]["Proposal"][];
                        total: number;
                        page: number;
                        pageSize: number;
                    };
                };
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: missing, expired or forged token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHENTICATED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: requires read · Proposal */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 403;
                        /** @enum {unknown} */
                        code?: "FORBIDDEN";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND: no such resource, or one the caller may not see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 404;
                        /** @enum {unknown} */
                        code?: "NOT_FOUND";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    getMultisigsByMultisigIdProposalsByProposalId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                multisigId: string;
                proposalId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The proposal */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Proposal"];
                };
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: missing, expired or forged token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHENTICATED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: requires read · Proposal */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 403;
                        /** @enum {unknown} */
                        code?: "FORBIDDEN";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND: no such resource, or one the caller may not see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 404;
                        /** @enum {unknown} */
                        code?: "NOT_FOUND";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    postMultisigsByMultisigIdProposalsByProposalIdExecute: {
        parameters: {
            query?: never;
            header?: {
                /** @description A retry with the same key and body returns the first result; another body is 409 IDEMPOTENCY_KEY_REUSED */
                "idempotency-key"?: string;
            };
            path: {
                multisigId: string;
                proposalId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The proposal after the attempt */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Proposal"];
                };
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: missing, expired or forged token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHENTICATED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: requires create · Proposal */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 403;
                        /** @enum {unknown} */
                        code?: "FORBIDDEN";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND: no such resource, or one the caller may not see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 404;
                        /** @enum {unknown} */
                        code?: "NOT_FOUND";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PROPOSAL_NOT_EXECUTABLE */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 409;
                        /** @enum {unknown} */
                        code?: "PROPOSAL_NOT_EXECUTABLE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    postMultisigsByMultisigIdProposalsByProposalIdWithdraw: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                multisigId: string;
                proposalId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description WITHDRAWN */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Proposal"];
                };
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: missing, expired or forged token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHENTICATED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: requires create · Proposal */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 403;
                        /** @enum {unknown} */
                        code?: "FORBIDDEN";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND: no such resource, or one the caller may not see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 404;
                        /** @enum {unknown} */
                        code?: "NOT_FOUND";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PROPOSAL_NOT_OPEN */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 409;
                        /** @enum {unknown} */
                        code?: "PROPOSAL_NOT_OPEN";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    getMultisigsByMultisigIdProposalsByProposalIdVotes: {
        parameters: {
            query?: {
                page?: number;
                pageSize?: number;
            };
            header?: never;
            path: {
                multisigId: string;
                proposalId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Votes in the order cast */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: components["schemas"]["Vote"][];
                        total: number;
                        page: number;
                        pageSize: number;
                    };
                };
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: missing, expired or forged token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHENTICATED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: requires read · Vote */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 403;
                        /** @enum {unknown} */
                        code?: "FORBIDDEN";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND: no such resource, or one the caller may not see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 404;
                        /** @enum {unknown} */
                        code?: "NOT_FOUND";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    postMultisigsByMultisigIdProposalsByProposalIdVotes: {
        parameters: {
            query?: never;
            header?: {
                /** @description A retry with the same key and body returns the first result; another body is 409 IDEMPOTENCY_KEY_REUSED */
                "idempotency-key"?: string;
            };
            path: {
                multisigId: string;
                proposalId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    option: "YES" | "NO" | "ABSTAIN" | "NO_WITH_VETO";
                };
            };
        };
        responses: {
            /** @description The updated proposal */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Proposal"];
                };
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: missing, expired or forged token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHENTICATED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description NOT_A_MEMBER */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 403;
                        /** @enum {unknown} */
                        code?: "NOT_A_MEMBER" | "FORBIDDEN";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND: no such resource, or one the caller may not see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 404;
                        /** @enum {unknown} */
                        code?: "NOT_FOUND";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PROPOSAL_NOT_OPEN, ALREADY_VOTED */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 409;
                        /** @enum {unknown} */
                        code?: "PROPOSAL_NOT_OPEN" | "ALREADY_VOTED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    getApprovalQueue: {
        parameters: {
            query?: {
                page?: number;
                pageSize?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description My pending votes; an empty list when all caught up */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: components["schemas"]["ApprovalQueueItem"][];
                        total: number;
                        page: number;
                        pageSize: number;
                    };
                };
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: missing, expired or forged token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHENTICATED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: requires read · Proposal */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 403;
                        /** @enum {unknown} */
                        code?: "FORBIDDEN";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    getMultisigsByMultisigIdWhitelist: {
        parameters: {
            query?: {
                page?: number;
                pageSize?: number;
            };
            header?: never;
            path: {
                multisigId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Entries, oldest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: components["schemas"]["WhitelistEntry"][];
                        total: number;
                        page: number;
                        pageSize: number;
                    };
                };
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: missing, expired or forged token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHENTICATED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND: no such resource, or one the caller may not see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 404;
                        /** @enum {unknown} */
                        code?: "NOT_FOUND";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    postMultisigsByMultisigIdWhitelist: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                multisigId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @example emisor1qyqszqgpqyqszqgpqyqszqgpqyqszqgp5k7xz3 */
                    address: string;
                    label: string;
                };
            };
        };
        responses: {
            /** @description Added */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WhitelistEntry"];
                };
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: missing, expired or forged token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHENTICATED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: requires manage · WhitelistAddress */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 403;
                        /** @enum {unknown} */
                        code?: "FORBIDDEN";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND: no such resource, or one the caller may not see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 404;
                        /** @enum {unknown} */
                        code?: "NOT_FOUND";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description WHITELIST_ADDRESS_EXISTS */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 409;
                        /** @enum {unknown} */
                        code?: "WHITELIST_ADDRESS_EXISTS";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description WHITELIST_SELF: the account’s own address */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 422;
                        /** @enum {unknown} */
                        code?: "WHITELIST_SELF";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteMultisigsByMultisigIdWhitelistByAddressId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                multisigId: string;
                addressId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: missing, expired or forged token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHENTICATED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: requires manage · WhitelistAddress */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 403;
                        /** @enum {unknown} */
                        code?: "FORBIDDEN";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND: no such resource, or one the caller may not see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 404;
                        /** @enum {unknown} */
                        code?: "NOT_FOUND";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    patchMultisigsByMultisigIdWhitelistByAddressId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                multisigId: string;
                addressId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @example emisor1qyqszqgpqyqszqgpqyqszqgpqyqszqgp5k7xz3 */
                    address?: string;
                    label?: string;
                };
            };
        };
        responses: {
            /** @description Updated */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WhitelistEntry"];
                };
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: missing, expired or forged token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHENTICATED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: requires manage · WhitelistAddress */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 403;
                        /** @enum {unknown} */
                        code?: "FORBIDDEN";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 404;
                        /** @enum {unknown} */
                        code?: "NOT_FOUND";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description WHITELIST_ADDRESS_EXISTS */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 409;
                        /** @enum {unknown} */
                        code?: "WHITELIST_ADDRESS_EXISTS";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description WHITELIST_SELF: the account’s own address */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 422;
                        /** @enum {unknown} */
                        code?: "WHITELIST_SELF";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    getTokens: {
        parameters: {
            query?: {
                page?: number;
                pageSize?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Tokens, the native one first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: components["schemas"]["Token"][];
                        total: number;
                        page: number;
                        pageSize: number;
                    };
                };
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: missing, expired or forged token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHENTICATED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    postTokens: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    denom: string;
                    symbol: string;
                    name?: string;
                    exponent: number;
                };
            };
        };
        responses: {
            /** @description Registered */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Token"];
                };
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: missing, expired or forged token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHENTICATED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: requires manage · Token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 403;
                        /** @enum {unknown} */
                        code?: "FORBIDDEN";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description TOKEN_DENOM_TAKEN, TOKEN_EXISTS or NATIVE_TOKEN_EXISTS */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 409;
                        /** @enum {unknown} */
                        code?: "TOKEN_DENOM_TAKEN" | "TOKEN_EXISTS" | "NATIVE_TOKEN_EXISTS";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    getTokensAutodetect: {
        parameters: {
            query: {
                denom: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description What the chain knows of the denom */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AutodetectedToken"];
                };
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: missing, expired or forged token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHENTICATED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: requires manage · Token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 403;
                        /** @enum {unknown} */
                        code?: "FORBIDDEN";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    getTokensByTokenId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tokenId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The token */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Token"];
                };
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: missing, expired or forged token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHENTICATED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND: no such resource, or one the caller may not see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 404;
                        /** @enum {unknown} */
                        code?: "NOT_FOUND";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteTokensByTokenId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tokenId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: missing, expired or forged token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHENTICATED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: requires manage · Token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 403;
                        /** @enum {unknown} */
                        code?: "FORBIDDEN";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND: no such resource, or one the caller may not see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 404;
                        /** @enum {unknown} */
                        code?: "NOT_FOUND";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description NATIVE_TOKEN_PROTECTED */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 422;
                        /** @enum {unknown} */
                        code?: "NATIVE_TOKEN_PROTECTED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    patchTokensByTokenId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tokenId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    symbol?: string;
                    name?: string;
                    exponent?: number;
                };
            };
        };
        responses: {
            /** @description Updated */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Token"];
                };
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: missing, expired or forged token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHENTICATED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: requires manage · Token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 403;
                        /** @enum {unknown} */
                        code?: "FORBIDDEN";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND: no such resource, or one the caller may not see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 404;
                        /** @enum {unknown} */
                        code?: "NOT_FOUND";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    getAddressBook: {
        parameters: {
            query?: {
                page?: number;
                pageSize?: number;
                q?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Entries by name */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: components["schemas"]["AddressBookEntry"][];
                        total: number;
                        page: number;
                        pageSize: number;
                    };
                };
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: missing, expired or forged token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHENTICATED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: requires read · AddressBook */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 403;
                        /** @enum {unknown} */
                        code?: "FORBIDDEN";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    postAddressBook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @example emisor1qyqszqgpqyqszqgpqyqszqgpqyqszqgp5k7xz3 */
                    address: string;
                    note?: string | null;
                };
            };
        };
        responses: {
            /** @description Added */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AddressBookEntry"];
                };
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: missing, expired or forged token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHENTICATED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: requires manage · AddressBook */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 403;
                        /** @enum {unknown} */
                        code?: "FORBIDDEN";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description ADDRESS_BOOK_ENTRY_EXISTS */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 409;
                        /** @enum {unknown} */
                        code?: "ADDRESS_BOOK_ENTRY_EXISTS";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteAddressBookByEntryId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                entryId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: missing, expired or forged token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHENTICATED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: requires manage · AddressBook */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 403;
                        /** @enum {unknown} */
                        code?: "FORBIDDEN";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND: no such resource, or one the caller may not see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 404;
                        /** @enum {unknown} */
                        code?: "NOT_FOUND";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    patchAddressBookByEntryId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                entryId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    /** @example emisor1qyqszqgpqyqszqgpqyqszqgpqyqszqgp5k7xz3 */
                    address?: string;
                    note?: string | null;
                };
            };
        };
        responses: {
            /** @description Updated */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AddressBookEntry"];
                };
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: missing, expired or forged token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHENTICATED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: requires manage · AddressBook */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 403;
                        /** @enum {unknown} */
                        code?: "FORBIDDEN";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND: no such resource, or one the caller may not see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 404;
                        /** @enum {unknown} */
                        code?: "NOT_FOUND";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    postOrganizationsByOrganizationIdDisbursementRequest: {
        parameters: {
            query?: never;
            header?: {
                /** @description A retry with the same key and body returns the first result; another body is 409 IDEMPOTENCY_KEY_REUSED */
                "idempotency-key"?: string;
            };
            path: {
                organizationId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @example 1250 */
                    amount: string;
                    denom?: string;
                };
            };
        };
        responses: {
            /** @description Requested; the proposal that carries it out */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BridgingResult"];
                };
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: missing, expired or forged token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHENTICATED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: another organization (only the central bank converts for others) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 403;
                        /** @enum {unknown} */
                        code?: "FORBIDDEN";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 404;
                        /** @enum {unknown} */
                        code?: "NOT_FOUND";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description EXCHANGE_FROZEN, EXCHANGE_ADDRESS_NOT_SET, EXCHANGE_ADDRESS_NOT_OWNED, INSUFFICIENT_FUNDS, UNKNOWN_TOKEN, ORGANIZATION_NOT_ACTIVE, BRIDGING_LIMIT_EXCEEDED */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 422;
                        /** @enum {unknown} */
                        code?: "EXCHANGE_FROZEN" | "EXCHANGE_ADDRESS_NOT_SET" | "EXCHANGE_ADDRESS_NOT_OWNED" | "INSUFFICIENT_FUNDS" | "UNKNOWN_TOKEN" | "ORGANIZATION_NOT_ACTIVE" | "BRIDGING_LIMIT_EXCEEDED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    postOrganizationsByOrganizationIdRedemptionRequest: {
        parameters: {
            query?: never;
            header?: {
                /** @description A retry with the same key and body returns the first result; another body is 409 IDEMPOTENCY_KEY_REUSED */
                "idempotency-key"?: string;
            };
            path: {
                organizationId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @example 1250 */
                    amount: string;
                    denom?: string;
                };
            };
        };
        responses: {
            /** @description Requested; the proposal that carries it out */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BridgingResult"];
                };
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: missing, expired or forged token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHENTICATED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: another organization (only the central bank converts for others) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 403;
                        /** @enum {unknown} */
                        code?: "FORBIDDEN";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 404;
                        /** @enum {unknown} */
                        code?: "NOT_FOUND";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description EXCHANGE_FROZEN, EXCHANGE_ADDRESS_NOT_SET, EXCHANGE_ADDRESS_NOT_OWNED, INSUFFICIENT_FUNDS, UNKNOWN_TOKEN, ORGANIZATION_NOT_ACTIVE, BRIDGING_LIMIT_EXCEEDED */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 422;
                        /** @enum {unknown} */
                        code?: "EXCHANGE_FROZEN" | "EXCHANGE_ADDRESS_NOT_SET" | "EXCHANGE_ADDRESS_NOT_OWNED" | "INSUFFICIENT_FUNDS" | "UNKNOWN_TOKEN" | "ORGANIZATION_NOT_ACTIVE" | "BRIDGING_LIMIT_EXCEEDED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    getActivityLog: {
        parameters: {
            query?: {
                page?: number;
                pageSize?: number;
                /** @description only this account’s entries */
                multisigId?: string;
                kind?: "CHAIN" | "ADMIN";
                type?: "MINT" | "BURN" | "TRANSFER" | "GROUP_CHANGE" | "DISBURSEMENT" | "REDEMPTION" | "WHITELIST_ADD" | "WHITELIST_REMOVE" | "EXCHANGE_ADDRESS_SET" | "EXCHANGE_FROZEN" | "EXCHANGE_UNFROZEN" | "USER_INVITED" | "USER_ROLE_CHANGED" | "USER_DEACTIVATED" | "INVITATION_CANCELLED" | "INVITATION_RESENT" | "CHAIN_RPC_UPDATED" | "ACCOUNT_CREATED" | "DISBURSEMENT_REQUESTED" | "REDEMPTION_REQUESTED" | "ORGANIZATION_STATUS_CHANGED" | "ORGANIZATION_UPDATED";
                /** @description only entries this user proposed or performed */
                actorId?: string;
                /** @description from this day (YYYY-MM-DD, UTC) or this instant (ISO 8601), inclusive */
                from?: string;
                /** @description up to this day, the whole of it, or this instant, inclusive; not before `from` */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Entries, newest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: components["schemas"]["ActivityEntry"][];
                        total: number;
                        page: number;
                        pageSize: number;
                    };
                };
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: missing, expired or forged token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHENTICATED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: requires read · Operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 403;
                        /** @enum {unknown} */
                        code?: "FORBIDDEN";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    getOperationsLookup: {
        parameters: {
            query?: {
                proposalId?: string;
                multisigId?: string;
                txHash?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The operation */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OperationReference"];
                };
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: missing, expired or forged token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHENTICATED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: requires read · Operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 403;
                        /** @enum {unknown} */
                        code?: "FORBIDDEN";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description No such operation in the caller’s organization */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 404;
                        /** @enum {unknown} */
                        code?: "NOT_FOUND";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    getOperationsByOperationId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                operationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The operation */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Operation"];
                };
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: missing, expired or forged token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHENTICATED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description No such operation in the caller’s organization */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 404;
                        /** @enum {unknown} */
                        code?: "NOT_FOUND";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    getDashboardMetrics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Metrics */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DashboardMetrics"];
                };
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: missing, expired or forged token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHENTICATED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: requires read · Dashboard */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 403;
                        /** @enum {unknown} */
                        code?: "FORBIDDEN";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    getExportTransactions: {
        parameters: {
            query?: {
                format?: "csv" | "json";
                /** @description only this account (one the caller may see) */
                multisigId?: string;
                /** @description from this day (YYYY-MM-DD, UTC) or this instant (ISO 8601), inclusive */
                from?: string;
                /** @description up to this day, the whole of it, or this instant, inclusive; not before `from` */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Transactions: RFC 4180 CSV (a header row, every field quoted, CRLF) or a JSON array, as an attachment */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: missing, expired or forged token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHENTICATED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: requires read · Export */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 403;
                        /** @enum {unknown} */
                        code?: "FORBIDDEN";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description multisigId is not an account the caller may see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 404;
                        /** @enum {unknown} */
                        code?: "NOT_FOUND";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    getExportGovernance: {
        parameters: {
            query?: {
                format?: "csv" | "json";
                /** @description only this account (one the caller may see) */
                multisigId?: string;
                /** @description from this day (YYYY-MM-DD, UTC) or this instant (ISO 8601), inclusive */
                from?: string;
                /** @description up to this day, the whole of it, or this instant, inclusive; not before `from` */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Governance activity: RFC 4180 CSV (a header row, every field quoted, CRLF) or a JSON array, as an attachment */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: missing, expired or forged token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHENTICATED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: requires read · Export */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 403;
                        /** @enum {unknown} */
                        code?: "FORBIDDEN";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description multisigId is not an account the caller may see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 404;
                        /** @enum {unknown} */
                        code?: "NOT_FOUND";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    getInstantPaymentsBanks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Banks */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            organizationId: string;
                            name: string;
                            theme: {
                                primaryColor: string;
                            };
                        }[];
                    };
                };
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    postInstantPaymentsDemoClients: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    organizationId: string;
                    name: string;
                };
            };
        };
        responses: {
            /** @description The client and its client token */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InstantPaymentClientRegistration"];
                };
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description No such commercial bank, or demo routes disabled */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 404;
                        /** @enum {unknown} */
                        code?: "NOT_FOUND";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description ORGANIZATION_NOT_ACTIVE, INSUFFICIENT_SETTLEMENT_LIQUIDITY */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 422;
                        /** @enum {unknown} */
                        code?: "ORGANIZATION_NOT_ACTIVE" | "INSUFFICIENT_SETTLEMENT_LIQUIDITY";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description RATE_LIMITED (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 429;
                        /** @enum {unknown} */
                        code?: "RATE_LIMITED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    getInstantPaymentsAliasesByAliasAvailability: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                alias: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Whether the alias is free */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        alias: string;
                        available: boolean;
                    };
                };
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND: no such resource, or one the caller may not see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 404;
                        /** @enum {unknown} */
                        code?: "NOT_FOUND";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    getInstantPaymentsPayeesByAlias: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                alias: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The payee */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InstantPaymentPayee"];
                };
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: missing, expired or forged token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHENTICATED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description No active client holds the alias */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 404;
                        /** @enum {unknown} */
                        code?: "NOT_FOUND";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description RATE_LIMITED (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 429;
                        /** @enum {unknown} */
                        code?: "RATE_LIMITED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    postInstantPaymentsDemoClientsByClientIdAlias: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                clientId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    alias: string;
                };
            };
        };
        responses: {
            /** @description The client */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InstantPaymentClient"];
                };
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: missing, expired or forged token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHENTICATED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Not the caller, or demo routes disabled */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 404;
                        /** @enum {unknown} */
                        code?: "NOT_FOUND";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description ALIAS_TAKEN, or ALIAS_ALREADY_ACTIVATED */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 409;
                        /** @enum {unknown} */
                        code?: "ALIAS_TAKEN" | "ALIAS_ALREADY_ACTIVATED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description RATE_LIMITED (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 429;
                        /** @enum {unknown} */
                        code?: "RATE_LIMITED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    postInstantPaymentsClients: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    alias?: string;
                    externalRef?: string;
                };
            };
        };
        responses: {
            /** @description The client and its client token */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        client: components["schemas"]["InstantPaymentBankClient"];
                        clientToken: string;
                    };
                };
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: missing, expired or forged token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHENTICATED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: requires create · InstantPayment */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 403;
                        /** @enum {unknown} */
                        code?: "FORBIDDEN";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description ALIAS_TAKEN */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 409;
                        /** @enum {unknown} */
                        code?: "ALIAS_TAKEN";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description ORGANIZATION_NOT_ACTIVE */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 422;
                        /** @enum {unknown} */
                        code?: "ORGANIZATION_NOT_ACTIVE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    getInstantPaymentsMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The client */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InstantPaymentClient"];
                };
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: missing, expired or forged token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHENTICATED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    postInstantPaymentsMeLogout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The token no longer works */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: missing, expired or forged token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHENTICATED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    getInstantPaymentsMeMovements: {
        parameters: {
            query?: {
                page?: number;
                pageSize?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Movements */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: components["schemas"]["InstantPaymentMovement"][];
                        total: number;
                        page: number;
                        pageSize: number;
                    };
                };
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: missing, expired or forged token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHENTICATED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    postInstantPaymentsPayments: {
        parameters: {
            query?: never;
            header?: {
                /** @description A retry with the same key and body returns the first result; another body is 409 IDEMPOTENCY_KEY_REUSED */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    recipientAlias: string;
                    /** @example 1250 */
                    amount: string;
                    reference?: string;
                };
            };
        };
        responses: {
            /** @description The payment (COMPLETED, or PENDING while its settlement is under way) */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InstantPayment"];
                };
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: missing, expired or forged token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHENTICATED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description IDEMPOTENCY_KEY_REUSED */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 409;
                        /** @enum {unknown} */
                        code?: "IDEMPOTENCY_KEY_REUSED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description ALIAS_NOT_ACTIVATED, RECIPIENT_NOT_FOUND, SELF_PAYMENT, INSUFFICIENT_FUNDS, ORGANIZATION_NOT_ACTIVE, INVALID_AMOUNT */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 422;
                        /** @enum {unknown} */
                        code?: "ALIAS_NOT_ACTIVATED" | "RECIPIENT_NOT_FOUND" | "SELF_PAYMENT" | "INSUFFICIENT_FUNDS" | "ORGANIZATION_NOT_ACTIVE" | "INVALID_AMOUNT";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    getInstantPaymentsPaymentsByPaymentId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                paymentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The payment */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InstantPayment"];
                };
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: missing, expired or forged token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHENTICATED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Not a payment of the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 404;
                        /** @enum {unknown} */
                        code?: "NOT_FOUND";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    postOrganizationsByOrganizationIdInstantPaymentsClientsByClientIdCashIn: {
        parameters: {
            query?: never;
            header?: {
                /** @description A retry with the same key and body returns the first result; another body is 409 IDEMPOTENCY_KEY_REUSED */
                "idempotency-key"?: string;
            };
            path: {
                organizationId: string;
                clientId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @example 1250 */
                    amount: string;
                    reference?: string;
                };
            };
        };
        responses: {
            /** @description The movement and the client’s new balance */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InstantPaymentCashMovement"];
                };
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: missing, expired or forged token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHENTICATED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: requires create · InstantPayment */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 403;
                        /** @enum {unknown} */
                        code?: "FORBIDDEN";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Not a client of the caller’s bank */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 404;
                        /** @enum {unknown} */
                        code?: "NOT_FOUND";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description INSUFFICIENT_SETTLEMENT_LIQUIDITY, CLIENT_DEACTIVATED, ORGANIZATION_NOT_ACTIVE */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 422;
                        /** @enum {unknown} */
                        code?: "INSUFFICIENT_SETTLEMENT_LIQUIDITY" | "CLIENT_DEACTIVATED" | "ORGANIZATION_NOT_ACTIVE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    postOrganizationsByOrganizationIdInstantPaymentsClientsByClientIdCashOut: {
        parameters: {
            query?: never;
            header?: {
                /** @description A retry with the same key and body returns the first result; another body is 409 IDEMPOTENCY_KEY_REUSED */
                "idempotency-key"?: string;
            };
            path: {
                organizationId: string;
                clientId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @example 1250 */
                    amount: string;
                    reference?: string;
                };
            };
        };
        responses: {
            /** @description The movement and the client’s new balance */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InstantPaymentCashMovement"];
                };
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: missing, expired or forged token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHENTICATED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: requires create · InstantPayment */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 403;
                        /** @enum {unknown} */
                        code?: "FORBIDDEN";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Not a client of the caller’s bank */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 404;
                        /** @enum {unknown} */
                        code?: "NOT_FOUND";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description INSUFFICIENT_FUNDS, CLIENT_DEACTIVATED, ORGANIZATION_NOT_ACTIVE */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 422;
                        /** @enum {unknown} */
                        code?: "INSUFFICIENT_FUNDS" | "CLIENT_DEACTIVATED" | "ORGANIZATION_NOT_ACTIVE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    postOrganizationsByOrganizationIdInstantPaymentsClientsByClientIdDeactivate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                organizationId: string;
                clientId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The client */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InstantPaymentBankClient"];
                };
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: missing, expired or forged token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHENTICATED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: requires manage · InstantPayment */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 403;
                        /** @enum {unknown} */
                        code?: "FORBIDDEN";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Not a client of the caller’s bank */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 404;
                        /** @enum {unknown} */
                        code?: "NOT_FOUND";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    getOrganizationsByOrganizationIdInstantPaymentsAccount: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                organizationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Settlement account */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        organizationId: string;
                        accountId: string;
                        address: string;
                    };
                };
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: missing, expired or forged token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHENTICATED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: requires read · InstantPayment */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 403;
                        /** @enum {unknown} */
                        code?: "FORBIDDEN";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND: no such resource, or one the caller may not see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 404;
                        /** @enum {unknown} */
                        code?: "NOT_FOUND";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    getOrganizationsByOrganizationIdInstantPaymentsAccountBalance: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                organizationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Balances in base units */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SettlementAccountBalance"];
                };
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: missing, expired or forged token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHENTICATED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: requires read · InstantPayment */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 403;
                        /** @enum {unknown} */
                        code?: "FORBIDDEN";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND: no such resource, or one the caller may not see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 404;
                        /** @enum {unknown} */
                        code?: "NOT_FOUND";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    getOrganizationsByOrganizationIdInstantPaymentsDashboard: {
        parameters: {
            query?: {
                /** @description from this day (YYYY-MM-DD, UTC) or this instant (ISO 8601), inclusive */
                from?: string;
                /** @description up to this day, the whole of it, or this instant, inclusive; not before `from` */
                to?: string;
            };
            header?: never;
            path: {
                organizationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Dashboard */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        settlementAccount: {
                            address: string | null;
                            balances: {
                                denom: string;
                                symbol: string;
                                exponent: number;
                                amount: string;
                            }[];
                        };
                        kpis: {
                            total: {
                                volume: string;
                                count: number;
                                average: string;
                            };
                            crossOrganization: {
                                volume: string;
                                count: number;
                                average: string;
                            };
                            internal: {
                                volume: string;
                                count: number;
                                average: string;
                            };
                            users: number;
                        };
                        byDay: {
                            day: string;
                            volume: string;
                            count: number;
                        }[];
                        byHour: {
                            hour: number;
                            volume: string;
                            count: number;
                        }[];
                    };
                };
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: missing, expired or forged token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHENTICATED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: requires read · InstantPayment */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 403;
                        /** @enum {unknown} */
                        code?: "FORBIDDEN";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND: no such resource, or one the caller may not see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 404;
                        /** @enum {unknown} */
                        code?: "NOT_FOUND";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    getOrganizationsByOrganizationIdInstantPaymentsTransactions: {
        parameters: {
            query?: {
                page?: number;
                pageSize?: number;
                kind?: "INTERNAL" | "CROSS_ORGANIZATION";
                status?: "PENDING" | "COMPLETED" | "FAILED";
                alias?: string;
                /** @description from this day (YYYY-MM-DD, UTC) or this instant (ISO 8601), inclusive */
                from?: string;
                /** @description up to this day, the whole of it, or this instant, inclusive; not before `from` */
                to?: string;
            };
            header?: never;
            path: {
                organizationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Transactions, newest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: components["schemas"]["InstantPaymentBankTransaction"][];
                        total: number;
                        page: number;
                        pageSize: number;
                    };
                };
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: missing, expired or forged token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHENTICATED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: requires read · InstantPayment */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 403;
                        /** @enum {unknown} */
                        code?: "FORBIDDEN";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND: no such resource, or one the caller may not see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 404;
                        /** @enum {unknown} */
                        code?: "NOT_FOUND";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    getOrganizationsByOrganizationIdInstantPaymentsClients: {
        parameters: {
            query?: {
                page?: number;
                pageSize?: number;
                q?: string;
            };
            header?: never;
            path: {
                organizationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Clients, newest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: components["schemas"]["InstantPaymentBankClient"][];
                        total: number;
                        page: number;
                        pageSize: number;
                    };
                };
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: missing, expired or forged token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHENTICATED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: requires read · InstantPayment */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 403;
                        /** @enum {unknown} */
                        code?: "FORBIDDEN";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND: no such resource, or one the caller may not see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 404;
                        /** @enum {unknown} */
                        code?: "NOT_FOUND";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    getOrganizationsByOrganizationIdInstantPaymentsExport: {
        parameters: {
            query?: {
                format?: "csv" | "json";
                /** @description from this day (YYYY-MM-DD, UTC) or this instant (ISO 8601), inclusive */
                from?: string;
                /** @description up to this day, the whole of it, or this instant, inclusive; not before `from` */
                to?: string;
            };
            header?: never;
            path: {
                organizationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An attachment: CSV (RFC 4180) or a JSON array */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: missing, expired or forged token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHENTICATED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: requires read · InstantPayment */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 403;
                        /** @enum {unknown} */
                        code?: "FORBIDDEN";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND: no such resource, or one the caller may not see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 404;
                        /** @enum {unknown} */
                        code?: "NOT_FOUND";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    getInstantPaymentsOversightSummary: {
        parameters: {
            query?: {
                /** @description one bank instead of the whole system */
                organizationId?: string;
                /** @description from this day (YYYY-MM-DD, UTC) or this instant (ISO 8601), inclusive */
                from?: string;
                /** @description up to this day, the whole of it, or this instant, inclusive; not before `from` */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description KPIs */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        organizationId: string | null;
                        settledVolume: string;
                        paymentCount: number;
                        averagePayment: string;
                        users: number;
                    };
                };
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: missing, expired or forged token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHENTICATED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: requires read · InstantPaymentOversight */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 403;
                        /** @enum {unknown} */
                        code?: "FORBIDDEN";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    getInstantPaymentsOversightBanks: {
        parameters: {
            query?: {
                q?: string;
                sort?: "name" | "volume" | "payments" | "users";
                order?: "asc" | "desc";
                /** @description from this day (YYYY-MM-DD, UTC) or this instant (ISO 8601), inclusive */
                from?: string;
                /** @description up to this day, the whole of it, or this instant, inclusive; not before `from` */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One row per bank */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            organizationId: string;
                            name: string;
                            settlementAddress: string | null;
                            volume: string;
                            payments: number;
                            users: number;
                        }[];
                    };
                };
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: missing, expired or forged token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHENTICATED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: requires read · InstantPaymentOversight */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 403;
                        /** @enum {unknown} */
                        code?: "FORBIDDEN";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    getInstantPaymentsOversightDistribution: {
        parameters: {
            query?: {
                /** @description one bank instead of the whole system */
                organizationId?: string;
                /** @description from this day (YYYY-MM-DD, UTC) or this instant (ISO 8601), inclusive */
                from?: string;
                /** @description up to this day, the whole of it, or this instant, inclusive; not before `from` */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Distribution */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        byDay: {
                            day: string;
                            volume: string;
                            count: number;
                        }[];
                        byHour: {
                            hour: number;
                            volume: string;
                            count: number;
                        }[];
                    };
                };
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: missing, expired or forged token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHENTICATED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: requires read · InstantPaymentOversight */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 403;
                        /** @enum {unknown} */
                        code?: "FORBIDDEN";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    getInstantPaymentsOversightExport: {
        parameters: {
            query?: {
                format?: "csv" | "json";
                /** @description from this day (YYYY-MM-DD, UTC) or this instant (ISO 8601), inclusive */
                from?: string;
                /** @description up to this day, the whole of it, or this instant, inclusive; not before `from` */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An attachment: CSV (RFC 4180) or a JSON array */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 400;
                        /** @enum {unknown} */
                        code?: "VALIDATION_FAILED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: missing, expired or forged token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 401;
                        /** @enum {unknown} */
                        code?: "UNAUTHENTICATED";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: requires read · InstantPaymentOversight */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 403;
                        /** @enum {unknown} */
                        code?: "FORBIDDEN";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 413;
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 415;
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @constant */
                        status?: 503;
                        /** @enum {unknown} */
                        code?: "DEPENDENCY_UNAVAILABLE";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
}
