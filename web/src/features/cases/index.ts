export { RemortgagingPage } from './routes/RemortgagingPage';
export { BuyingPage } from './routes/BuyingPage';
