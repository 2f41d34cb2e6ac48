document.getElementById('wallet')!.textContent = 'wallet';
