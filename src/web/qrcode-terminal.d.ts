/** Types for qrcode-terminal 0.12 (it ships none): draws a QR code with terminal colours. */
declare module "qrcode-terminal" {
	const qrcode: {
		generate(input: string, options: { small?: boolean }, done: (drawn: string) => void): void;
	};
	export default qrcode;
}
